import type { Tx } from '../../db/client';
import { verificationRepo } from './repo';

/**
 * The phone number a user proved in the verification phone step (E.164), or undefined. Notifications text
 * this number when the user has not set another one in their settings (ADR 0036).
 */
export async function verifiedPhoneOf(tx: Tx, userId: number): Promise<string | undefined> {
  const v = await verificationRepo.find(tx, userId);
  return v?.phoneVerified && v.phone ? v.phone : undefined;
}
