import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { caregivers, meetings } from '../../db/schema';

const caregiverIdsOf = async (tx: Tx, userId: number) =>
  (await tx.select({ id: caregivers.id }).from(caregivers).where(eq(caregivers.userId, userId))).map(
    (c) => c.id,
  );

/**
 * Privacy (ADR 0047): the user's meetings for the export (the family's private outcome only in the family's
 * own export), and their removal when the account is scrubbed.
 */
export const meetingPrivacy = {
  async exportSection(tx: Tx, userId: number) {
    const ids = await caregiverIdsOf(tx, userId);
    const rows = await tx
      .select()
      .from(meetings)
      .where(
        ids.length > 0
          ? or(eq(meetings.familyId, userId), inArray(meetings.caregiverId, ids))
          : eq(meetings.familyId, userId),
      )
      .orderBy(asc(meetings.createdAt));
    return rows.map((m) => ({
      id: m.id,
      asked: m.familyId === userId,
      status: m.status,
      mode: m.mode,
      minutes: m.minutes,
      place: m.place,
      note: m.note,
      proposedTimes: m.proposedTimes,
      startsAt: m.startsAt,
      declineReason: m.declineReason,
      outcome: m.familyId === userId ? m.outcome : null,
      createdAt: m.createdAt,
    }));
  },

  /** A scrubber: the meetings the user asked for or was asked to go. */
  async scrub(tx: Tx, user: { id: number }): Promise<undefined> {
    await tx.delete(meetings).where(eq(meetings.familyId, user.id));
    const ids = await caregiverIdsOf(tx, user.id);
    if (ids.length > 0) await tx.delete(meetings).where(inArray(meetings.caregiverId, ids));
    return undefined;
  },
};
