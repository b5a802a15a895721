import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { DatedException, ExceptionKind } from '../../../shared/free-time';
import type { Tx } from '../../db/client';
import { caregivers, availabilityExceptions as ex, users } from '../../db/schema';

export type ExceptionRow = typeof ex.$inferSelect;

export const toDated = (
  r: Pick<ExceptionRow, 'kind' | 'fromDate' | 'toDate' | 'startTime' | 'endTime'>,
): DatedException => ({
  kind: r.kind,
  from: r.fromDate,
  to: r.toDate,
  startTime: r.startTime,
  endTime: r.endTime,
});

/** Time off and extra hours (private to the availability feature; other features get them through its ports). */
export const availabilityRepo = {
  async insert(
    tx: Tx,
    values: {
      caregiverId: number;
      kind: ExceptionKind;
      fromDate: string;
      toDate: string;
      startTime: string | null;
      endTime: string | null;
      note: string | null;
    },
  ): Promise<number> {
    const [row] = await tx.insert(ex).values(values).returning({ id: ex.id });
    return row.id;
  },

  /** A caregiver's exceptions of one kind that have not ended by `today`, soonest first. */
  async upcoming(tx: Tx, caregiverId: number, kind: ExceptionKind, today: string): Promise<ExceptionRow[]> {
    return tx
      .select()
      .from(ex)
      .where(and(eq(ex.caregiverId, caregiverId), eq(ex.kind, kind), gte(ex.toDate, today)))
      .orderBy(asc(ex.fromDate), asc(ex.startTime), asc(ex.id));
  },

  /** Deletes the caregiver's own exception of that kind; false when there is none (or it is another's). */
  async remove(tx: Tx, caregiverId: number, kind: ExceptionKind, id: number): Promise<boolean> {
    const rows = await tx
      .delete(ex)
      .where(and(eq(ex.id, id), eq(ex.caregiverId, caregiverId), eq(ex.kind, kind)))
      .returning({ id: ex.id });
    return rows.length > 0;
  },

  /** Exceptions of these caregivers touching the dates [fromDate, toDate], by caregiver (one query). */
  async between(
    tx: Tx,
    caregiverIds: readonly number[],
    fromDate: string,
    toDate: string,
  ): Promise<Map<number, DatedException[]>> {
    const out = new Map<number, DatedException[]>();
    if (!caregiverIds.length) return out;
    const rows = await tx
      .select()
      .from(ex)
      .where(
        and(inArray(ex.caregiverId, [...caregiverIds]), gte(ex.toDate, fromDate), lte(ex.fromDate, toDate)),
      )
      .orderBy(asc(ex.fromDate), asc(ex.id));
    for (const r of rows) {
      const list = out.get(r.caregiverId) ?? [];
      list.push(toDated(r));
      out.set(r.caregiverId, list);
    }
    return out;
  },

  /** The caregiver of a user (undefined: the user has no caregiver profile). */
  async caregiverOfUser(tx: Tx, userId: number) {
    const [row] = await tx
      .select({ id: caregivers.id })
      .from(caregivers)
      .where(eq(caregivers.userId, userId))
      .limit(1);
    return row;
  },

  /** What the free-time calendar needs of a caregiver: the pattern, the switch, who may see them. */
  async caregiver(tx: Tx, id: number) {
    const [row] = await tx
      .select({
        id: caregivers.id,
        userId: caregivers.userId,
        firstName: users.firstName,
        availability: caregivers.availability,
        isAvailable: caregivers.isAvailable,
        isPublic: caregivers.isPublic,
      })
      .from(caregivers)
      .innerJoin(users, eq(users.id, caregivers.userId))
      .where(eq(caregivers.id, id))
      .limit(1);
    return row;
  },
};
