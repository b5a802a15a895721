import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CircleRole } from '../../../shared/contracts/circles';
import type { Tx } from '../../db/client';
import { careCircles, circleInvitations, circleMembers, users } from '../../db/schema';

export type CircleRow = typeof careCircles.$inferSelect;
export type MemberRow = Omit<typeof circleMembers.$inferSelect, 'roles' | 'provisionalRoles'> & {
  roles: CircleRole[];
  provisionalRoles: CircleRole[];
};
export type InvitationRow = typeof circleInvitations.$inferSelect;

const inviter = alias(users, 'inviter');
/** Only these two values are ever written to the role arrays (and a check constraint holds them to it). */
const asRoles = (r: string[]) => r as CircleRole[];
const asMember = <T extends { roles: string[]; provisionalRoles: string[] }>(m: T) => ({
  ...m,
  roles: asRoles(m.roles),
  provisionalRoles: asRoles(m.provisionalRoles),
});

/** The circles feature's tables; every function takes the caller's transaction. */
export const circleRepo = {
  async insertCircle(tx: Tx, values: typeof careCircles.$inferInsert): Promise<CircleRow> {
    const [row] = await tx.insert(careCircles).values(values).returning();
    return row;
  },

  async findCircle(tx: Tx, id: number): Promise<CircleRow | undefined> {
    const [row] = await tx.select().from(careCircles).where(eq(careCircles.id, id)).limit(1);
    return row;
  },

  /** Locks the circle row: every change of membership takes this lock first, so they run one at a time. */
  async lockCircle(tx: Tx, id: number): Promise<CircleRow | undefined> {
    const [row] = await tx.select().from(careCircles).where(eq(careCircles.id, id)).for('update').limit(1);
    return row;
  },

  async deleteCircle(tx: Tx, id: number) {
    await tx.delete(careCircles).where(eq(careCircles.id, id));
  },

  async insertMember(tx: Tx, values: typeof circleMembers.$inferInsert) {
    await tx.insert(circleMembers).values(values);
  },

  async membership(tx: Tx, circleId: number, userId: number): Promise<MemberRow | undefined> {
    const [row] = await tx
      .select()
      .from(circleMembers)
      .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)))
      .limit(1);
    return row ? asMember(row) : undefined;
  },

  /** Every member of a circle with their name, oldest membership first. */
  async members(tx: Tx, circleId: number) {
    const rows = await tx
      .select({
        userId: circleMembers.userId,
        roles: circleMembers.roles,
        provisionalRoles: circleMembers.provisionalRoles,
        monthlyCapJmd: circleMembers.monthlyCapJmd,
        payerConsentedAt: circleMembers.payerConsentedAt,
        joinedAt: circleMembers.joinedAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        timeZone: users.timeZone,
      })
      .from(circleMembers)
      .innerJoin(users, eq(users.id, circleMembers.userId))
      .where(eq(circleMembers.circleId, circleId))
      .orderBy(asc(circleMembers.joinedAt), asc(circleMembers.userId));
    return rows.map(asMember);
  },

  async updateMember(
    tx: Tx,
    circleId: number,
    userId: number,
    set: {
      roles: CircleRole[];
      provisionalRoles: CircleRole[];
      monthlyCapJmd: number | null;
      payerConsentedAt: Date | null;
    },
  ) {
    await tx
      .update(circleMembers)
      .set(set)
      .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)));
  },

  async deleteMember(tx: Tx, circleId: number, userId: number) {
    await tx
      .delete(circleMembers)
      .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)));
  },

  /** The circles a user belongs to, with their roles, by name. */
  async circlesOf(tx: Tx, userId: number) {
    const rows = await tx
      .select({ circle: careCircles, roles: circleMembers.roles, joinedAt: circleMembers.joinedAt })
      .from(circleMembers)
      .innerJoin(careCircles, eq(careCircles.id, circleMembers.circleId))
      .where(eq(circleMembers.userId, userId))
      .orderBy(asc(careCircles.name), asc(careCircles.id));
    return rows.map((r) => ({ ...r, roles: asRoles(r.roles) }));
  },

  async userEmail(tx: Tx, email: string): Promise<number | undefined> {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    return row?.id;
  },

  /** A new invitation replaces the open one for the same address (revoked at `at`). */
  async replaceInvitation(tx: Tx, values: typeof circleInvitations.$inferInsert & { createdAt: Date }) {
    await tx
      .update(circleInvitations)
      .set({ revokedAt: values.createdAt })
      .where(
        and(
          eq(circleInvitations.circleId, values.circleId),
          eq(circleInvitations.email, values.email),
          isNull(circleInvitations.acceptedAt),
          isNull(circleInvitations.revokedAt),
        ),
      );
    const [row] = await tx.insert(circleInvitations).values(values).returning();
    return row;
  },

  /** Invitations not accepted, revoked or expired at `now`, newest first, with the inviter's first name. */
  async openInvitations(tx: Tx, circleId: number, now: Date) {
    return tx
      .select({ invitation: circleInvitations, invitedBy: inviter.firstName })
      .from(circleInvitations)
      .leftJoin(inviter, eq(inviter.id, circleInvitations.invitedBy))
      .where(
        and(
          eq(circleInvitations.circleId, circleId),
          isNull(circleInvitations.acceptedAt),
          isNull(circleInvitations.revokedAt),
          gt(circleInvitations.expiresAt, now),
        ),
      )
      .orderBy(sql`${circleInvitations.createdAt} desc`, sql`${circleInvitations.id} desc`);
  },

  /** An invitation by its token's hash, with its circle and inviter; `lock` takes the invitation's row lock. */
  async invitationByHash(tx: Tx, tokenHash: string) {
    const [row] = await tx
      .select({ invitation: circleInvitations, circle: careCircles, invitedBy: inviter.firstName })
      .from(circleInvitations)
      .innerJoin(careCircles, eq(careCircles.id, circleInvitations.circleId))
      .leftJoin(inviter, eq(inviter.id, circleInvitations.invitedBy))
      .where(eq(circleInvitations.tokenHash, tokenHash))
      .limit(1);
    return row;
  },

  async lockInvitation(tx: Tx, id: number): Promise<InvitationRow | undefined> {
    const [row] = await tx
      .select()
      .from(circleInvitations)
      .where(eq(circleInvitations.id, id))
      .for('update')
      .limit(1);
    return row;
  },

  async markAccepted(tx: Tx, id: number, userId: number, at: Date) {
    await tx
      .update(circleInvitations)
      .set({ acceptedAt: at, acceptedBy: userId })
      .where(eq(circleInvitations.id, id));
  },

  /** Revokes an open invitation of the circle; false when there was none. */
  async revokeInvitation(tx: Tx, circleId: number, id: number, at: Date): Promise<boolean> {
    const rows = await tx
      .update(circleInvitations)
      .set({ revokedAt: at })
      .where(
        and(
          eq(circleInvitations.id, id),
          eq(circleInvitations.circleId, circleId),
          isNull(circleInvitations.acceptedAt),
          isNull(circleInvitations.revokedAt),
        ),
      )
      .returning({ id: circleInvitations.id });
    return rows.length > 0;
  },

  /** Open invitations a user sent: revoked when the account is deleted. */
  async revokeSentBy(tx: Tx, userId: number, at: Date) {
    await tx
      .update(circleInvitations)
      .set({ revokedAt: at })
      .where(
        and(
          eq(circleInvitations.invitedBy, userId),
          isNull(circleInvitations.acceptedAt),
          isNull(circleInvitations.revokedAt),
        ),
      );
  },

  /** Invitations a user sent or that were addressed to (or accepted by) them, for the privacy export. */
  async invitationsOf(tx: Tx, userId: number, email: string) {
    return tx
      .select({
        id: circleInvitations.id,
        circleId: circleInvitations.circleId,
        circleName: careCircles.name,
        email: circleInvitations.email,
        role: circleInvitations.role,
        monthlyCapJmd: circleInvitations.monthlyCapJmd,
        invitedBy: circleInvitations.invitedBy,
        createdAt: circleInvitations.createdAt,
        expiresAt: circleInvitations.expiresAt,
        acceptedAt: circleInvitations.acceptedAt,
        acceptedBy: circleInvitations.acceptedBy,
        revokedAt: circleInvitations.revokedAt,
      })
      .from(circleInvitations)
      .innerJoin(careCircles, eq(careCircles.id, circleInvitations.circleId))
      .where(
        or(
          eq(circleInvitations.invitedBy, userId),
          eq(circleInvitations.acceptedBy, userId),
          eq(circleInvitations.email, email.toLowerCase()),
        ),
      )
      .orderBy(asc(circleInvitations.createdAt), asc(circleInvitations.id));
  },
};
