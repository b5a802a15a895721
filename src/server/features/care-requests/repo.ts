import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { caregivers, careRequestApplications, careRequests, userBlocks, users } from '../../db/schema';

export type CareRequestRow = typeof careRequests.$inferSelect;
export type NewCareRequest = typeof careRequests.$inferInsert;
export type ApplicationRow = typeof careRequestApplications.$inferSelect;

/**
 * Whether caregiver `c` fits request `r` at `at` (ADR 0038): open and not past its expiry, of a kind the
 * caregiver offers, in their parish, on a day their weekly availability covers, the caregiver listed
 * (active, available, not suspended), and no block either way between them and the family.
 */
function fits(at: Date): SQL {
  return sql`${careRequests.status} = 'open' and ${careRequests.expiresAt} > ${at}
    and ${caregivers.isListed}
    and ${careRequests.kind} = any(${caregivers.kinds})
    and ${careRequests.parish} = ${caregivers.userParish}
    and exists (select 1 from unnest(${careRequests.careDays}) d
      where coalesce((${caregivers.weeklyAvailability} ->> d)::boolean, false))
    and not exists (select 1 from ${userBlocks} b
      where (b.blocker_id = ${careRequests.familyId} and b.blocked_id = ${caregivers.userId})
         or (b.blocker_id = ${caregivers.userId} and b.blocked_id = ${careRequests.familyId}))`;
}

const applicantCount = sql<number>`(select count(*)::int from ${careRequestApplications} a
  where a.request_id = ${careRequests.id} and a.status <> 'withdrawn')`;

const withFamily = {
  request: careRequests,
  familyFirstName: users.firstName,
  familyLastName: users.lastName,
  applicantCount,
};

/** A caregiver's side of an applicant row or a team pick: what the family compares. */
const applicantColumns = {
  caregiverId: caregivers.id,
  userId: caregivers.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  town: users.location,
  parish: users.parish,
  profileRate: caregivers.hourlyRate,
  averageRating: caregivers.averageRating,
  totalReviews: caregivers.totalReviews,
  verified: users.isVerified,
};

export const careRequestRepo = {
  async insert(tx: Tx, row: NewCareRequest) {
    const [r] = await tx.insert(careRequests).values(row).returning();
    return r;
  },

  async lock(tx: Tx, id: number) {
    const [r] = await tx.select().from(careRequests).where(eq(careRequests.id, id)).for('update');
    return r;
  },

  async get(tx: Tx, id: number) {
    const [r] = await tx
      .select(withFamily)
      .from(careRequests)
      .innerJoin(users, eq(users.id, careRequests.familyId))
      .where(eq(careRequests.id, id));
    return r;
  },

  listForFamily(tx: Tx, familyId: number) {
    return tx
      .select(withFamily)
      .from(careRequests)
      .innerJoin(users, eq(users.id, careRequests.familyId))
      .where(eq(careRequests.familyId, familyId))
      .orderBy(desc(careRequests.createdAt), desc(careRequests.id))
      .limit(100);
  },

  /** Open requests that fit the caregiver, soonest expiry last (newest first). */
  listFitting(tx: Tx, caregiverId: number, at: Date) {
    return tx
      .select(withFamily)
      .from(careRequests)
      .innerJoin(users, eq(users.id, careRequests.familyId))
      .innerJoin(caregivers, eq(caregivers.id, caregiverId))
      .where(fits(at))
      .orderBy(desc(careRequests.createdAt), desc(careRequests.id))
      .limit(100);
  },

  async fitsCaregiver(tx: Tx, requestId: number, caregiverId: number, at: Date): Promise<boolean> {
    const rows = await tx
      .select({ id: careRequests.id })
      .from(careRequests)
      .innerJoin(caregivers, eq(caregivers.id, caregiverId))
      .where(and(eq(careRequests.id, requestId), fits(at)));
    return rows.length > 0;
  },

  /** Every caregiver the request fits (for the new-request notice), with what a notice needs. */
  fittingCaregivers(tx: Tx, requestId: number, at: Date, limit = 200) {
    return tx
      .select({ userId: users.id, firstName: users.firstName, email: users.email })
      .from(careRequests)
      .innerJoin(caregivers, sql`true`)
      .innerJoin(users, eq(users.id, caregivers.userId))
      .where(and(eq(careRequests.id, requestId), fits(at)))
      .orderBy(asc(caregivers.id))
      .limit(limit);
  },

  async caregiverOfUser(tx: Tx, userId: number) {
    const [c] = await tx.select({ id: caregivers.id }).from(caregivers).where(eq(caregivers.userId, userId));
    return c;
  },

  async familyContact(tx: Tx, familyId: number) {
    const [u] = await tx
      .select({ userId: users.id, firstName: users.firstName, email: users.email })
      .from(users)
      .where(eq(users.id, familyId));
    return u;
  },

  /** People to tell, by user id. */
  contacts(tx: Tx, userIds: number[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return tx
      .select({ userId: users.id, firstName: users.firstName, email: users.email })
      .from(users)
      .where(inArray(users.id, userIds));
  },

  /** Whether either user blocked the other (messaging's blocks). */
  async blockedBetween(tx: Tx, a: number, b: number): Promise<boolean> {
    const rows = await tx
      .select({ blockerId: userBlocks.blockerId })
      .from(userBlocks)
      .where(
        sql`(${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b}) or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a})`,
      )
      .limit(1);
    return rows.length > 0;
  },

  async setStatus(tx: Tx, id: number, status: CareRequestRow['status'], at: Date) {
    await tx.update(careRequests).set({ status, closedAt: at }).where(eq(careRequests.id, id));
  },

  /** Open requests past their expiry become expired; returns them. */
  expire(tx: Tx, at: Date) {
    return tx
      .update(careRequests)
      .set({ status: 'expired', closedAt: at })
      .where(and(eq(careRequests.status, 'open'), lte(careRequests.expiresAt, at)))
      .returning({ id: careRequests.id, familyId: careRequests.familyId });
  },

  // ── applications ──
  async insertApplication(tx: Tx, row: typeof careRequestApplications.$inferInsert) {
    const [a] = await tx.insert(careRequestApplications).values(row).returning();
    return a;
  },

  async application(tx: Tx, requestId: number, appId: number) {
    const [a] = await tx
      .select()
      .from(careRequestApplications)
      .where(and(eq(careRequestApplications.id, appId), eq(careRequestApplications.requestId, requestId)))
      .for('update');
    return a;
  },

  async applicationOf(tx: Tx, requestId: number, caregiverId: number) {
    const [a] = await tx
      .select()
      .from(careRequestApplications)
      .where(
        and(
          eq(careRequestApplications.requestId, requestId),
          eq(careRequestApplications.caregiverId, caregiverId),
        ),
      );
    return a;
  },

  /** The caregiver's applications to these requests. */
  applicationsOfCaregiver(tx: Tx, caregiverId: number, requestIds: number[]) {
    if (requestIds.length === 0) return Promise.resolve([]);
    return tx
      .select()
      .from(careRequestApplications)
      .where(
        and(
          eq(careRequestApplications.caregiverId, caregiverId),
          inArray(careRequestApplications.requestId, requestIds),
        ),
      );
  },

  /** A request's applicants with their caregiver's side (no withdrawn ones), first come first. */
  applicants(tx: Tx, requestId: number) {
    return tx
      .select({ application: careRequestApplications, ...applicantColumns })
      .from(careRequestApplications)
      .innerJoin(caregivers, eq(caregivers.id, careRequestApplications.caregiverId))
      .innerJoin(users, eq(users.id, caregivers.userId))
      .where(
        and(
          eq(careRequestApplications.requestId, requestId),
          sql`${careRequestApplications.status} <> 'withdrawn'`,
        ),
      )
      .orderBy(asc(careRequestApplications.createdAt), asc(careRequestApplications.id));
  },

  /** Caregivers by id, as the family compares them (the team's picks). */
  caregiversByIds(tx: Tx, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select(applicantColumns)
      .from(caregivers)
      .innerJoin(users, eq(users.id, caregivers.userId))
      .where(inArray(caregivers.id, ids));
  },

  async setApplicationStatus(
    tx: Tx,
    ids: number[],
    status: ApplicationRow['status'],
    at: Date,
    bookingId?: number,
  ) {
    if (ids.length === 0) return;
    await tx
      .update(careRequestApplications)
      .set({ status, updatedAt: at, ...(bookingId ? { bookingId } : {}) })
      .where(inArray(careRequestApplications.id, ids));
  },

  // ── team shortlist ──
  async requestShortlist(tx: Tx, id: number, at: Date) {
    await tx.update(careRequests).set({ shortlistRequestedAt: at }).where(eq(careRequests.id, id));
  },

  shortlistQueue(tx: Tx) {
    return tx
      .select({ request: careRequests, familyFirstName: users.firstName, familyLastName: users.lastName })
      .from(careRequests)
      .innerJoin(users, eq(users.id, careRequests.familyId))
      .where(and(isNotNull(careRequests.shortlistRequestedAt), isNull(careRequests.shortlistPickedAt)))
      .orderBy(asc(careRequests.shortlistRequestedAt))
      .limit(200);
  },

  async pickShortlist(
    tx: Tx,
    id: number,
    pick: { caregiverIds: number[]; note: string; by: number },
    at: Date,
  ) {
    await tx
      .update(careRequests)
      .set({
        shortlistCaregiverIds: pick.caregiverIds,
        shortlistNote: pick.note || null,
        shortlistPickedBy: pick.by,
        shortlistPickedAt: at,
      })
      .where(eq(careRequests.id, id));
  },

  /** Listed caregivers among these ids (a team pick must be one). */
  async listedCaregiverIds(tx: Tx, ids: number[]) {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: caregivers.id })
      .from(caregivers)
      .where(and(inArray(caregivers.id, ids), eq(caregivers.isListed, true)));
    return rows.map((r) => r.id);
  },
};
