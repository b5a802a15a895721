import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { emergencies, users } from '../../db/schema';

export type EmergencyRow = typeof emergencies.$inferSelect;
export type NewEmergency = typeof emergencies.$inferInsert;

/** Declared, not ended, not yet over at `at` (current or upcoming). */
const inForce = (at: Date) =>
  and(isNotNull(emergencies.declaredAt), isNull(emergencies.endedAt), gt(emergencies.endsAt, at));

/** The emergencies table; every function takes the caller's transaction. */
export const emergencyRepo = {
  async insert(tx: Tx, values: NewEmergency): Promise<EmergencyRow> {
    const [row] = await tx.insert(emergencies).values(values).returning();
    return row;
  },

  async lock(tx: Tx, id: number): Promise<EmergencyRow | undefined> {
    const [row] = await tx.select().from(emergencies).where(eq(emergencies.id, id)).for('update');
    return row;
  },

  async update(tx: Tx, id: number, patch: Partial<NewEmergency>): Promise<EmergencyRow> {
    const [row] = await tx.update(emergencies).set(patch).where(eq(emergencies.id, id)).returning();
    return row;
  },

  /** In force at `at`, soonest first (the public list and the booking rules read only these). */
  async inForce(tx: Tx, at: Date): Promise<EmergencyRow[]> {
    return tx.select().from(emergencies).where(inForce(at)).orderBy(emergencies.startsAt, emergencies.id);
  },

  /** Declared by `to` and not ended or over before `from`: those that may have been in force in between. */
  async inForceDuring(tx: Tx, from: Date, to: Date): Promise<EmergencyRow[]> {
    return tx
      .select()
      .from(emergencies)
      .where(
        and(
          lte(emergencies.declaredAt, to),
          or(isNull(emergencies.endedAt), gt(emergencies.endedAt, from)),
          gt(emergencies.endsAt, from),
        ),
      )
      .orderBy(emergencies.startsAt, emergencies.id);
  },

  /** Every emergency, newest first, with the declaring admin's name (the console's list and history). */
  async list(tx: Tx, limit: number) {
    return tx
      .select({
        e: emergencies,
        createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(emergencies)
      .leftJoin(users, eq(users.id, emergencies.createdBy))
      .orderBy(desc(emergencies.createdAt), desc(emergencies.id))
      .limit(limit);
  },
};
