import type { z } from 'zod';
import {
  addDays,
  type BookingSeriesView,
  type CreateBookingSeriesRequest,
  expandSeriesDates,
  findSeriesConflicts,
  SERIES_MAX_DAYS_AHEAD,
  SERIES_MESSAGES,
} from '../../../shared/contracts/booking-series';
import { BOOKING_MESSAGES, clock24, jamaicaInstantAt } from '../../../shared/contracts/bookings';
import { exceptionTimes } from '../../../shared/free-time';
import { jamaicaToday } from '../../../shared/time';
import { badRequest } from '../../errors';
import type { Actor, BookingTransition } from '../bookings';
import { notifySeries } from './notices';
import { seriesRepo } from './repo';
import { inTransaction, SeriesConflicts, type SeriesContext, seriesViewOf } from './series-context';

type CreateInput = z.output<typeof CreateBookingSeriesRequest>;
const HOUR = 3_600_000;

/**
 * The visits of a rule as instants, checked against the clock: from today (Jamaica) to at most 26 weeks
 * ahead, at least one, the first not yet started. 400 naming the field otherwise.
 */
export function plannedVisits(body: CreateInput, at: Date) {
  const today = jamaicaToday(at);
  const horizon = addDays(today, SERIES_MAX_DAYS_AHEAD);
  const refuse = (path: string, message: string) => badRequest(message, [{ path, message }]);
  if (body.startDate < today) throw refuse('startDate', BOOKING_MESSAGES.pastDate);
  if (body.startDate > horizon) throw refuse('startDate', SERIES_MESSAGES.tooFar);
  if (body.endDate !== undefined && body.endDate > horizon) throw refuse('endDate', SERIES_MESSAGES.tooFar);
  const dates = expandSeriesDates(body, horizon);
  if (body.visits !== undefined && dates.length < body.visits) throw refuse('visits', SERIES_MESSAGES.tooFar);
  if (dates.length === 0) throw refuse('weekdays', SERIES_MESSAGES.noVisits);
  const visits = dates.map((date) => {
    const startsAt = jamaicaInstantAt(date, body.startTime);
    return { date, startsAt, endsAt: new Date(startsAt.getTime() + body.hours * HOUR) };
  });
  if (visits[0].startsAt.getTime() <= at.getTime()) throw refuse('startTime', BOOKING_MESSAGES.startPassed);
  return visits;
}

/** POST /api/booking-series: conflicts found before anything is written, then the series and its visits. */
export function seriesCreation(ctx: SeriesContext) {
  return {
    async create(actor: Actor, body: CreateInput): Promise<BookingSeriesView> {
      const at = ctx.now();
      const planned = plannedVisits(body, at);
      return inTransaction(ctx, async (tx, mails) => {
        // The circle policy (coordinators only; the circle locked) and the caregiver, as for one booking.
        const opened = await ctx.bookings.open(tx, actor, body.caregiverId, body.circleId);
        const held = await ctx.bookings.held(tx, opened.cg.id, planned[0].startsAt, planned.at(-1)!.endsAt);
        const from = planned[0].startsAt;
        const to = planned.at(-1)!.endsAt;
        const away = (await ctx.timeOff.exceptionsOf(tx, [opened.cg.id], from, to)).get(opened.cg.id) ?? [];
        // Booked visits and visits in the caregiver's time off (ADR 0046), each named with its reason.
        const conflicts = findSeriesConflicts(planned, held, exceptionTimes(away).timeOff);
        if (conflicts.length > 0 && !body.skipConflicts)
          throw new SeriesConflicts(SERIES_MESSAGES.conflicts, conflicts);
        const clashing = new Set(conflicts.map((c) => c.date));
        const kept = planned.filter((v) => !clashing.has(v.date));
        if (kept.length === 0) throw new SeriesConflicts(SERIES_MESSAGES.allTaken, conflicts);
        const series = await seriesRepo.insert(tx, {
          familyId: actor.id,
          caregiverId: opened.cg.id,
          circleId: opened.circle?.id ?? null,
          weekdays: [...body.weekdays].sort((a, b) => a - b),
          startTime: clock24(body.startTime),
          hours: body.hours,
          startDate: body.startDate,
          endDate: body.endDate ?? null,
          visitCount: body.visits ?? null,
          notes: body.notes,
          skipped: conflicts,
          createdAt: at,
          updatedAt: at,
        });
        // The visits as single bookings are priced and written (a circle's approval per visit, the
        // exclusion constraint: a series racing for the same slot makes this whole transaction a 409), in
        // one batch; the listeners once for all of them, one notice per party for the series (ADR 0031).
        const batch: BookingTransition[] = [];
        const times = kept.map((v) => ({
          date: v.date,
          startMinutes: body.startTime,
          duration: body.hours,
          notes: body.notes,
          seriesId: series.id,
        }));
        const rows = await ctx.bookings.requestMany(tx, actor, opened, times, at, batch);
        await ctx.bookings.emitCreated(tx, batch);
        mails.push(...(await notifySeries(ctx, tx, ctx.publicUrl, series, rows, 'requested', actor)));
        return seriesViewOf(ctx, tx, series, actor);
      });
    },
  };
}
