import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { verifications } from '../db/schema';

/**
 * The phone number a user proved in the verification phone step (E.164), or undefined. Notifications text
 * this number when the user has not set another one in their settings (ADR 0036). A read of the
 * verification row's two phone columns, in the core (issue 31) so that notifications does not import the
 * verification feature (which writes in-app notices: the two used to import each other).
 */
export async function verifiedPhoneOf(tx: Tx, userId: number): Promise<string | undefined> {
  const [v] = await tx
    .select({ phone: verifications.phone, phoneVerified: verifications.phoneVerified })
    .from(verifications)
    .where(eq(verifications.userId, userId))
    .limit(1);
  return v?.phoneVerified && v.phone ? v.phone : undefined;
}
