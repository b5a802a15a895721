import { and, asc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accountDeletions, adminAudit, caregivers, users } from '../../db/schema';

/** Escapes LIKE wildcards so a search for '%' finds a percent sign, not everything. */
const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const adminRepo = {
  async listUsers(
    tx: Tx,
    f: { q?: string; userType?: 'family' | 'caregiver' | 'admin'; limit: number; offset: number },
  ) {
    const conds: SQL[] = [];
    if (f.q) {
      const term = likeTerm(f.q);
      conds.push(
        or(
          ilike(users.email, term),
          ilike(users.firstName, term),
          ilike(users.lastName, term),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term),
        )!,
      );
    }
    if (f.userType) conds.push(eq(users.userType, f.userType));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      tx
        .select({ ...getTableColumns(users), deletedAt: accountDeletions.requestedAt })
        .from(users)
        .leftJoin(accountDeletions, eq(accountDeletions.userId, users.id))
        .where(where)
        .orderBy(asc(users.id))
        .limit(f.limit)
        .offset(f.offset),
      tx.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
    ]);
    return { rows, total };
  },

  async findUser(tx: Tx, id: number) {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
    return row;
  },

  /** Sets or clears the suspension; a caregiver's listing follows it (is_active). */
  async setSuspended(tx: Tx, id: number, suspendedAt: Date | null) {
    const [row] = await tx
      .update(users)
      .set({ suspendedAt, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await tx
      .update(caregivers)
      .set({ isActive: suspendedAt === null, updatedAt: new Date() })
      .where(eq(caregivers.userId, id));
    return row;
  },

  /** One audit row (who, what, which record, when, before/after), in the caller's transaction. */
  async addAudit(tx: Tx, row: typeof adminAudit.$inferInsert): Promise<void> {
    await tx.insert(adminAudit).values(row);
  },

  /** The audit rows of some records of one type, oldest first, with the acting admin's name. */
  async auditOf(tx: Tx, subjectType: string, subjectIds: number[]) {
    if (subjectIds.length === 0) return [];
    return tx
      .select({
        ...getTableColumns(adminAudit),
        actorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(adminAudit)
      .leftJoin(users, eq(users.id, adminAudit.actorId))
      .where(and(eq(adminAudit.subjectType, subjectType), inArray(adminAudit.subjectId, subjectIds)))
      .orderBy(asc(adminAudit.at), asc(adminAudit.id));
  },
};
