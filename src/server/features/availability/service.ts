import type { z } from 'zod';
import { jamaicaInstantAt } from '../../../shared/booking-rules';
import { addDays } from '../../../shared/booking-series';
import {
  AVAILABILITY_MESSAGES,
  type AvailabilityException,
  type CreateExtraHoursRequest,
  type CreateTimeOffRequest,
  type FreeSlotsQuery,
  type FreeSlotsResponse,
} from '../../../shared/contracts/availability';
import {
  type DatedException,
  EXCEPTION_MAX_DAYS_AHEAD,
  type ExceptionKind,
  freeDays,
  type Interval,
  timeOffDuring,
} from '../../../shared/free-time';
import { CAREGIVER_NOT_FOUND, mayViewProfile } from '../../../shared/public-profile';
import { jamaicaToday, TIME_ZONE } from '../../../shared/time';
import type { Db, Tx } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { availabilityRepo, type ExceptionRow } from './repo';

type Busy = { startsAt: Date; endsAt: Date };

/** What the availability feature asks of others (given by src/server/wiring/services.ts). */
export interface AvailabilityDeps {
  db: Db;
  /** Where the public free slots are read (a replica's handle, ADR 0057); the database itself by default. */
  reads?: Db;
  now?: () => Date;
  /** A caregiver's pending and confirmed bookings overlapping [from, to) (bookings' bookingLookups.heldBetween). */
  bookings: { heldBetween(tx: Tx, caregiverId: number, from: Date, to: Date): Promise<Busy[]> };
  /**
   * Any other busy time of a caregiver overlapping [from, to), e.g. confirmed meetings. Optional: without
   * it, bookings and time off are the only busy time.
   */
  extraBusy?: (caregiverId: number, from: Date, to: Date) => Promise<Busy[]>;
}

type Actor = { id: number };
type FreeSlotsInput = z.output<typeof FreeSlotsQuery>;
type TimeOffInput = z.output<typeof CreateTimeOffRequest>;
type ExtraInput = z.output<typeof CreateExtraHoursRequest>;

const toView = (r: ExceptionRow): AvailabilityException => ({
  id: r.id,
  kind: r.kind,
  from: r.fromDate,
  to: r.toDate,
  startTime: r.startTime,
  endTime: r.endTime,
  note: r.note,
});

/**
 * Dated availability (ADR 0046): a caregiver's own time off and extra hours, and anyone's view of a
 * caregiver's free time, from the one model in src/shared/free-time.ts.
 */
export function createAvailabilityService(deps: AvailabilityDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function ownCaregiverId(tx: Tx, actor: Actor): Promise<number> {
    const cg = await availabilityRepo.caregiverOfUser(tx, actor.id);
    if (!cg) throw notFound(CAREGIVER_NOT_FOUND);
    return cg.id;
  }

  /** The dates must not lie before today (Jamaica) nor more than a year ahead. */
  function checkDates(from: string, to: string, fromField: string, toField: string) {
    const today = jamaicaToday(now());
    if (from < today)
      throw badRequest(AVAILABILITY_MESSAGES.past, [
        { path: fromField, message: AVAILABILITY_MESSAGES.past },
      ]);
    if (to > addDays(today, EXCEPTION_MAX_DAYS_AHEAD))
      throw badRequest(AVAILABILITY_MESSAGES.tooFar, [
        { path: toField, message: AVAILABILITY_MESSAGES.tooFar },
      ]);
  }

  async function add(
    actor: Actor,
    values: Omit<Parameters<typeof availabilityRepo.insert>[1], 'caregiverId'>,
  ) {
    return db.transaction(async (tx) => {
      const caregiverId = await ownCaregiverId(tx, actor);
      return { id: await availabilityRepo.insert(tx, { caregiverId, ...values }) };
    });
  }

  /** Exceptions of these caregivers touching [from, to) (instants), by caregiver: one query. */
  async function exceptionsOf(tx: Tx, caregiverIds: readonly number[], from: Date, to: Date) {
    return availabilityRepo.between(
      tx,
      caregiverIds,
      jamaicaToday(new Date(from.getTime() - 86_400_000)),
      jamaicaToday(to),
    );
  }

  return {
    async addTimeOff(actor: Actor, body: TimeOffInput) {
      checkDates(body.from, body.to, 'from', 'to');
      return add(actor, {
        kind: 'time_off',
        fromDate: body.from,
        toDate: body.to,
        startTime: body.startTime ?? null,
        endTime: body.endTime ?? null,
        note: body.note ? body.note : null,
      });
    },

    async addExtraHours(actor: Actor, body: ExtraInput) {
      checkDates(body.date, body.date, 'date', 'date');
      return add(actor, {
        kind: 'extra',
        fromDate: body.date,
        toDate: body.date,
        startTime: body.startTime,
        endTime: body.endTime,
        note: null,
      });
    },

    /** The caregiver's own time off (or extra hours) that is current or upcoming, soonest first. */
    async list(actor: Actor, kind: ExceptionKind): Promise<AvailabilityException[]> {
      return db.transaction(async (tx) => {
        const caregiverId = await ownCaregiverId(tx, actor);
        return (await availabilityRepo.upcoming(tx, caregiverId, kind, jamaicaToday(now()))).map(toView);
      });
    },

    /** Removes the caregiver's own time off (or extra hours); anyone else's is a 404. */
    async remove(actor: Actor, kind: ExceptionKind, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const caregiverId = await ownCaregiverId(tx, actor);
        if (!(await availabilityRepo.remove(tx, caregiverId, kind, id)))
          throw notFound(
            kind === 'time_off' ? AVAILABILITY_MESSAGES.notFound : AVAILABILITY_MESSAGES.extraNotFound,
          );
      });
    },

    /** Free intervals per Jamaica day (public; never what the caregiver is busy with). 404 when hidden. */
    async freeSlots(
      caregiverId: number,
      viewer: { id: number; userType: string } | null,
      query: FreeSlotsInput,
    ): Promise<FreeSlotsResponse> {
      const at = now();
      const today = jamaicaToday(at);
      const from = query.from ?? today;
      // Within a year either side of today: a calendar further off answers nothing anyone asks.
      if (from < addDays(today, -EXCEPTION_MAX_DAYS_AHEAD) || from > addDays(today, EXCEPTION_MAX_DAYS_AHEAD))
        throw badRequest(AVAILABILITY_MESSAGES.fromRange, [
          { path: 'from', message: AVAILABILITY_MESSAGES.fromRange },
        ]);
      const start = jamaicaInstantAt(addDays(from, -1), 0);
      const end = jamaicaInstantAt(addDays(from, query.days + 1), 0);
      const { cg, exceptions, busy } = await (deps.reads ?? db).transaction(async (tx) => {
        const cg = await availabilityRepo.caregiver(tx, caregiverId);
        if (!cg || !mayViewProfile(cg, viewer)) throw notFound(CAREGIVER_NOT_FOUND);
        const exceptions = (await exceptionsOf(tx, [cg.id], start, end)).get(cg.id) ?? [];
        const busy = await deps.bookings.heldBetween(tx, cg.id, start, end);
        return { cg, exceptions, busy };
      });
      const more = deps.extraBusy ? await deps.extraBusy(cg.id, start, end) : [];
      const intervals: Interval[] = [...busy, ...more].map((b) => [b.startsAt.getTime(), b.endsAt.getTime()]);
      const days = freeDays({
        availability: cg.availability,
        isAvailable: cg.isAvailable,
        exceptions,
        busy: intervals,
        from,
        days: query.days,
        now: at,
      });
      return {
        timeZone: TIME_ZONE,
        days: days.map((d) => ({
          date: d.date,
          free: d.free.map(([s, e]) => ({
            start: new Date(s).toISOString(),
            end: new Date(e).toISOString(),
          })),
        })),
      };
    },

    /**
     * A user's current and upcoming time off (none when they have no caregiver profile), for their own
     * private calendar feed (ADR 0049).
     */
    async timeOffOfUser(userId: number): Promise<AvailabilityException[]> {
      return db.transaction(async (tx) => {
        const cg = await availabilityRepo.caregiverOfUser(tx, userId);
        if (!cg) return [];
        return (await availabilityRepo.upcoming(tx, cg.id, 'time_off', jamaicaToday(now()))).map(toView);
      });
    },

    /** Ports for other features (wired in services.ts), each in the caller's transaction. */
    lookups: {
      exceptionsOf,
      /** The caregiver's first time off overlapping [startsAt, endsAt), if any. */
      async timeOffDuring(
        tx: Tx,
        caregiverId: number,
        startsAt: Date,
        endsAt: Date,
      ): Promise<DatedException | undefined> {
        const list = (await exceptionsOf(tx, [caregiverId], startsAt, endsAt)).get(caregiverId) ?? [];
        return timeOffDuring(list, startsAt, endsAt);
      },
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
