import { aliasedTable, and, desc, eq, gt, inArray, isNull, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { caregivers, careRequests, meetings, userBlocks, users } from '../../db/schema';

export type MeetingRow = typeof meetings.$inferSelect;
export type NewMeeting = typeof meetings.$inferInsert;

/** The people of a meeting as its notices and views name them. */
export interface MeetingPerson {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  timeZone: string;
}

const familyUser = aliasedTable(users, 'family_user');
const caregiverUser = aliasedTable(users, 'caregiver_user');

const person = (u: typeof users) => ({
  userId: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  timeZone: u.timeZone,
});

/** A meeting with both parties and the caregiver's user id. */
export interface JoinedMeeting {
  m: MeetingRow;
  family: MeetingPerson;
  caregiver: MeetingPerson;
}

function joined(tx: Tx) {
  return tx
    .select({ m: meetings, family: person(familyUser), caregiver: person(caregiverUser) })
    .from(meetings)
    .innerJoin(familyUser, eq(familyUser.id, meetings.familyId))
    .innerJoin(caregivers, eq(caregivers.id, meetings.caregiverId))
    .innerJoin(caregiverUser, eq(caregiverUser.id, caregivers.userId));
}

export const meetingRepo = {
  /** The caregiver asked for, with their user (only a public one: active and not suspended). */
  async publicCaregiver(tx: Tx, caregiverId: number): Promise<MeetingPerson | undefined> {
    const [row] = await tx
      .select(person(users))
      .from(caregivers)
      .innerJoin(users, eq(users.id, caregivers.userId))
      .where(and(eq(caregivers.id, caregiverId), eq(caregivers.isPublic, true)));
    return row;
  },

  /** The caregiver profile id of a user, if they have one. */
  async caregiverIdOf(tx: Tx, userId: number): Promise<number | undefined> {
    const [row] = await tx
      .select({ id: caregivers.id })
      .from(caregivers)
      .where(eq(caregivers.userId, userId));
    return row?.id;
  },

  /** Whether either user blocked the other (the safety feature's blocks: a meeting request is a message). */
  async blockedBetween(tx: Tx, a: number, b: number): Promise<boolean> {
    const rows = await tx
      .select({ blockerId: userBlocks.blockerId })
      .from(userBlocks)
      .where(
        or(
          and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
          and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  /** Who posted a care request (undefined: no such request). */
  async careRequestFamily(tx: Tx, id: number): Promise<number | undefined> {
    const [row] = await tx
      .select({ familyId: careRequests.familyId })
      .from(careRequests)
      .where(eq(careRequests.id, id));
    return row?.familyId;
  },

  async insert(tx: Tx, row: NewMeeting): Promise<MeetingRow> {
    const [created] = await tx.insert(meetings).values(row).returning();
    return created;
  },

  /** The meeting with its parties, its row locked for the change that follows. */
  async lock(tx: Tx, id: number): Promise<JoinedMeeting | undefined> {
    const [row] = await joined(tx).where(eq(meetings.id, id)).for('update', { of: meetings });
    return row;
  },

  async get(tx: Tx, id: number): Promise<JoinedMeeting | undefined> {
    const [row] = await joined(tx).where(eq(meetings.id, id));
    return row;
  },

  async update(tx: Tx, id: number, patch: Partial<NewMeeting>): Promise<MeetingRow> {
    const [row] = await tx.update(meetings).set(patch).where(eq(meetings.id, id)).returning();
    return row;
  },

  /** Serialises confirmations of one caregiver's meetings (the overlap check below then holds). */
  async lockCaregiver(tx: Tx, caregiverId: number): Promise<void> {
    await tx
      .select({ id: caregivers.id })
      .from(caregivers)
      .where(eq(caregivers.id, caregiverId))
      .for('update');
  },

  /** The caregiver's confirmed meetings overlapping [from, to), other than `exceptId`. */
  async overlapping(tx: Tx, caregiverId: number, from: Date, to: Date, exceptId: number) {
    return tx
      .select({ id: meetings.id })
      .from(meetings)
      .where(
        and(
          eq(meetings.caregiverId, caregiverId),
          eq(meetings.status, 'confirmed'),
          ne(meetings.id, exceptId),
          lt(meetings.startsAt, to),
          gt(meetings.endsAt, from),
        ),
      )
      .limit(1);
  },

  /** Meetings the user asked for, of their circles, or with them as the caregiver; newest first. */
  async listFor(
    tx: Tx,
    who: { userId: number; caregiverId?: number; circleIds: number[] },
    limit = 200,
  ): Promise<JoinedMeeting[]> {
    const mine: SQL[] = [eq(meetings.familyId, who.userId)];
    if (who.caregiverId !== undefined) mine.push(eq(meetings.caregiverId, who.caregiverId));
    if (who.circleIds.length > 0) mine.push(inArray(meetings.circleId, who.circleIds));
    return joined(tx)
      .where(or(...mine))
      .orderBy(desc(meetings.createdAt), desc(meetings.id))
      .limit(limit);
  },

  /** Confirmed meetings starting within (at, at + lead] whose reminder is not sent yet. */
  async dueReminders(tx: Tx, at: Date, leadMs: number) {
    return tx
      .select({ id: meetings.id })
      .from(meetings)
      .where(
        and(
          eq(meetings.status, 'confirmed'),
          isNull(meetings.reminderSentAt),
          gt(meetings.startsAt, at),
          lte(meetings.startsAt, new Date(at.getTime() + leadMs)),
        ),
      )
      .limit(500);
  },

  /** Claims a meeting's one reminder: true for exactly one caller. */
  async claimReminder(tx: Tx, id: number, at: Date): Promise<boolean> {
    const rows = await tx
      .update(meetings)
      .set({ reminderSentAt: at })
      .where(and(eq(meetings.id, id), eq(meetings.status, 'confirmed'), isNull(meetings.reminderSentAt)))
      .returning({ id: meetings.id });
    return rows.length > 0;
  },

  /** Confirmed meetings that have ended become completed; returns how many. */
  async completeEnded(tx: Tx, at: Date): Promise<number> {
    const rows = await tx
      .update(meetings)
      .set({ status: 'completed', updatedAt: at })
      .where(and(eq(meetings.status, 'confirmed'), lte(meetings.endsAt, at)))
      .returning({ id: meetings.id });
    return rows.length;
  },

  /** A caregiver's agreed meetings (confirmed, or completed) overlapping [from, to), earliest first. */
  async busyOf(tx: Tx, caregiverId: number, from: Date, to: Date) {
    const rows = await tx
      .select({ startsAt: meetings.startsAt, endsAt: meetings.endsAt })
      .from(meetings)
      .where(
        and(
          eq(meetings.caregiverId, caregiverId),
          inArray(meetings.status, ['confirmed', 'completed']),
          lt(meetings.startsAt, to),
          gt(meetings.endsAt, from),
        ),
      )
      .orderBy(meetings.startsAt);
    return rows.flatMap((r) => (r.startsAt && r.endsAt ? [{ startsAt: r.startsAt, endsAt: r.endsAt }] : []));
  },

  /** A user's agreed meetings (as the family who asked or as the caregiver), earliest first. */
  async agreedOf(tx: Tx, userId: number) {
    return joined(tx)
      .where(
        and(
          inArray(meetings.status, ['confirmed', 'completed']),
          or(eq(meetings.familyId, userId), eq(caregiverUser.id, userId)),
        ),
      )
      .orderBy(meetings.startsAt, meetings.id)
      .limit(1000);
  },
};
