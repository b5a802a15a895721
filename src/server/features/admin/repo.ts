import { and, asc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accountDeletions, caregivers, users } from '../../db/schema';

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
};
