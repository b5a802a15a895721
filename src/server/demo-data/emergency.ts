import type { Tx } from '../db/client';
import { emergencies } from '../db/schema';

const HOUR = 3_600_000;

/**
 * The demo's prepared emergency (ADR 0030): saved, not declared, so no demo visitor is told of a hurricane
 * that is not there. An admin switches it on from the console (Emergencies → Declare now): it then starts
 * at that moment and lasts its 48 hours.
 */
export async function seedDemoEmergency(tx: Tx, now: Date, adminId: number): Promise<void> {
  await tx.insert(emergencies).values({
    kind: 'hurricane',
    parishes: ['St. Thomas', 'Portland'],
    startsAt: now,
    endsAt: new Date(now.getTime() + 48 * HOUR),
    message:
      'Hurricane warning for St. Thomas and Portland (demo): stay home, keep your phone charged and follow ODPEM advice.',
    createdBy: adminId,
    createdAt: now,
    updatedAt: now,
  });
}
