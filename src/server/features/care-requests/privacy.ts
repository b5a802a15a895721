import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { caregivers, careRequestApplications, careRequests } from '../../db/schema';

/** The caregiver ids behind a user (none for a family). */
const caregiverIdsOf = (tx: Tx, userId: number) =>
  tx.select({ id: caregivers.id }).from(caregivers).where(eq(caregivers.userId, userId));

/**
 * Privacy (ADR 0038): the user's care requests and applications for the export, and their removal when
 * the account is scrubbed. Another family's request appears in a caregiver's export only as kind, town and
 * status beside their own application.
 */
export const careRequestPrivacy = {
  async exportSection(tx: Tx, userId: number) {
    const requests = await tx
      .select({
        id: careRequests.id,
        kind: careRequests.kind,
        parish: careRequests.parish,
        town: careRequests.town,
        startDate: careRequests.startDate,
        startTime: careRequests.startTime,
        hours: careRequests.hours,
        weekdays: careRequests.weekdays,
        budgetMinJmd: careRequests.budgetMinJmd,
        budgetMaxJmd: careRequests.budgetMaxJmd,
        skills: careRequests.skills,
        description: careRequests.description,
        status: careRequests.status,
        createdAt: careRequests.createdAt,
      })
      .from(careRequests)
      .where(eq(careRequests.familyId, userId))
      .orderBy(asc(careRequests.createdAt));
    const ids = (await caregiverIdsOf(tx, userId)).map((c) => c.id);
    const applications =
      ids.length === 0
        ? []
        : await tx
            .select({
              id: careRequestApplications.id,
              message: careRequestApplications.message,
              hourlyRate: careRequestApplications.hourlyRate,
              status: careRequestApplications.status,
              createdAt: careRequestApplications.createdAt,
              request: { kind: careRequests.kind, town: careRequests.town, status: careRequests.status },
            })
            .from(careRequestApplications)
            .innerJoin(careRequests, eq(careRequests.id, careRequestApplications.requestId))
            .where(inArray(careRequestApplications.caregiverId, ids))
            .orderBy(asc(careRequestApplications.createdAt));
    return { requests, applications };
  },

  /** A scrubber (privacy/scrub.ts): the family's requests (with their applications) and the caregiver's applications go. */
  async scrub(tx: Tx, user: { id: number }): Promise<undefined> {
    await tx.delete(careRequests).where(eq(careRequests.familyId, user.id));
    const ids = (await caregiverIdsOf(tx, user.id)).map((c) => c.id);
    if (ids.length > 0)
      await tx.delete(careRequestApplications).where(inArray(careRequestApplications.caregiverId, ids));
    return undefined;
  },
};
