import type { z } from 'zod';
import { BACKUP_MESSAGES } from '../../../shared/contracts/backups';
import {
  BOOKING_MESSAGES,
  type BookingView,
  type CreateBookingRequest,
  clock24,
  FIRST_START_HOUR,
  jamaicaInstantAt,
  LAST_START_HOUR,
  PANEL_DURATIONS,
  parseClock,
} from '../../../shared/contracts/bookings';
import { centsToDecimal, priceBooking, toCents } from '../../../shared/money';
import { jamaicaToday } from '../../../shared/time';
import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import { badRequest, conflict, isUniqueViolation, notFound, retryTransient } from '../../errors';
import type { CircleRow } from '../circles';
import {
  type Actor,
  type BookingContext,
  type BookingPorts,
  HOUR,
  refuseTimeOff,
  sendAfterCommit,
} from './booking-context';
import { viewOf } from './booking-view';
import { circleApprovalReason, openCircleForBooking } from './circle-rules';
import type { BookingRow, BookingTransition } from './events';
import { bookingRepo, isExclusionViolation } from './repo';
import { type NoticeOption, notifyTransition } from './transition-booking';
import { checkTrialRequest } from './trial-rules';

type CreateInput = z.output<typeof CreateBookingRequest>;

interface ParsedTimes {
  startMinutes: number;
  duration: number;
}

/** A start time on the hour from 6:00 AM to 9:00 PM → minutes after midnight, or a 400 naming startTime. */
export function parseStartTime(startTime: string): number {
  const start = parseClock(startTime);
  if (
    start === undefined ||
    start % 60 !== 0 ||
    start / 60 < FIRST_START_HOUR ||
    start / 60 > LAST_START_HOUR
  ) {
    throw badRequest(BOOKING_MESSAGES.startHour, [
      { path: 'startTime', message: BOOKING_MESSAGES.startHour },
    ]);
  }
  return start;
}

/** Both payload shapes of docs/product.md#records → start and whole-hour duration, or a 400 naming the rule broken. */
export function parseBookingTimes(
  body: Pick<CreateInput, 'startTime' | 'endTime' | 'duration'>,
): ParsedTimes {
  const start = parseStartTime(body.startTime);
  if (body.duration !== undefined) {
    // The profile panel: one of the listed durations (the end may run past midnight).
    if (!(PANEL_DURATIONS as readonly number[]).includes(body.duration)) {
      throw badRequest(BOOKING_MESSAGES.duration, [{ path: 'duration', message: BOOKING_MESSAGES.duration }]);
    }
    return { startMinutes: start, duration: body.duration };
  }
  // The confirmation screen: an end time the same day, on the hour, at least an hour after the start.
  const end = body.endTime === undefined ? undefined : parseClock(body.endTime);
  if (end === undefined) {
    throw badRequest('Choose an end time or a duration.', [{ path: 'endTime', message: 'Required' }]);
  }
  if (end % 60 !== 0) {
    throw badRequest(BOOKING_MESSAGES.wholeHours, [
      { path: 'endTime', message: BOOKING_MESSAGES.wholeHours },
    ]);
  }
  if (end - start < 60) {
    throw badRequest(BOOKING_MESSAGES.endAfterStart, [
      { path: 'endTime', message: BOOKING_MESSAGES.endAfterStart },
    ]);
  }
  return { startMinutes: start, duration: (end - start) / 60 };
}

/** The caregiver a request is for and, for a care circle's, the circle (locked), both already checked. */
export interface OpenedRequest {
  circle: CircleRow | undefined;
  cg: NonNullable<Awaited<ReturnType<typeof bookingRepo.caregiverForBooking>>>;
}

/**
 * Who may request, and of whom: for a care circle, its policy first (non-members 404, members who may not
 * book 403), the circle locked so that two bookings' cap checks run one after the other; then the
 * caregiver (404 unknown or inactive, 400 yourself, 409 not taking bookings).
 */
export async function openRequest(
  ctx: BookingPorts,
  tx: Tx,
  actor: Actor,
  caregiverId: number,
  circleId: number | undefined,
): Promise<OpenedRequest> {
  const circle = circleId === undefined ? undefined : await openCircleForBooking(ctx, tx, circleId, actor);
  const cg = await bookingRepo.caregiverForBooking(tx, caregiverId);
  if (!cg) throw notFound(BOOKING_MESSAGES.caregiverNotFound);
  if (cg.userId === actor.id) throw badRequest(BOOKING_MESSAGES.yourself);
  if (!cg.isActive || cg.suspendedAt) throw notFound(BOOKING_MESSAGES.caregiverNotFound);
  if (!cg.isAvailable)
    throw conflict(`${cg.firstName} is not taking bookings right now.`, 'CAREGIVER_UNAVAILABLE');
  return { circle, cg };
}

export interface RequestedTime {
  date: string;
  startMinutes: number;
  duration: number;
  notes: string | null;
  /** The recurring booking this visit belongs to (ADR 0027). */
  seriesId?: number;
  /** The booking this backup replaces (ADR 0034). */
  rebookedFrom?: number;
  /** A first paid visit marked a trial (ADR 0048), checked by the caller. */
  isTrial?: boolean;
}

/**
 * Writes one request in `tx`: priced on the server, pending (or, when the circle needs a payer's approval
 * first, awaiting_approval), its event, every listener and the notices. 409 BOOKING_OVERLAP when the slot
 * is held. Returns the row and the mails to send after commit.
 */
export async function writeRequest(
  ctx: BookingContext,
  tx: Tx,
  actor: Actor,
  { circle, cg }: OpenedRequest,
  time: RequestedTime,
  at: Date,
  opts: NoticeOption & { batch?: BookingTransition[] } = {},
): Promise<{ row: BookingRow; mails: Mail[] }> {
  const { date, startMinutes, duration } = time;
  const startsAt = jamaicaInstantAt(date, startMinutes);
  const endsAt = new Date(startsAt.getTime() + duration * HOUR);
  // Into the caregiver's time off: refused, naming the dates (ADR 0046).
  await refuseTimeOff(ctx, tx, cg, startsAt, endsAt);
  const price = priceBooking(toCents(cg.hourlyRate), duration);
  const approvalReason = circle ? await circleApprovalReason(ctx, tx, circle, date, price.total) : null;
  // Awaiting approval does not hold the caregiver's time (they cannot see it yet), so the slot is
  // checked here and again, by the exclusion constraint, when a payer approves.
  if (approvalReason && (await bookingRepo.heldBetween(tx, cg.id, startsAt, endsAt)).length > 0)
    throw conflict(BOOKING_MESSAGES.overlap, 'BOOKING_OVERLAP');
  const status = approvalReason ? 'awaiting_approval' : 'pending';
  let row: BookingRow;
  try {
    // A savepoint, so the exclusion violation can be mapped without poisoning the transaction.
    row = await tx.transaction(async (sp) =>
      bookingRepo.insert(sp, requestValues(actor, { circle, cg }, time, at, status, approvalReason)),
    );
  } catch (err) {
    if (isExclusionViolation(err)) throw conflict(BOOKING_MESSAGES.overlap, 'BOOKING_OVERLAP');
    // One live backup per dropped booking (ADR 0034): the unique index stands behind the row lock.
    if (time.rebookedFrom && isUniqueViolation(err, 'bookings_rebooked_from_key'))
      throw conflict(BACKUP_MESSAGES.alreadyRebooked, 'BOOKING_ALREADY_REBOOKED');
    throw err;
  }
  await bookingRepo.addEvent(tx, { bookingId: row.id, from: null, to: status, actorUserId: actor.id, at });
  const event: BookingTransition = { booking: row, from: null, to: status, actorUserId: actor.id, at };
  // In a batch (a series' visits) the caller emits every creation together once all rows are written.
  if (opts.batch) opts.batch.push(event);
  else await ctx.events.emit(tx, event);
  const mails = opts.notify === false ? [] : await notifyTransition(ctx, tx, row, status, actor.id);
  return { row, mails };
}

/** The row of one request: its times, the server's price, its status and circle approval. */
function requestValues(
  actor: Actor,
  { circle, cg }: OpenedRequest,
  time: RequestedTime,
  at: Date,
  status: 'pending' | 'awaiting_approval',
  approvalReason: BookingRow['approvalReason'],
) {
  const { date, startMinutes, duration } = time;
  const startsAt = jamaicaInstantAt(date, startMinutes);
  const price = priceBooking(toCents(cg.hourlyRate), duration);
  return {
    familyId: actor.id,
    caregiverId: cg.id,
    date,
    startTime: clock24(startMinutes),
    endTime: clock24(startMinutes + duration * 60),
    duration,
    startsAt,
    endsAt: new Date(startsAt.getTime() + duration * HOUR),
    hourlyRate: cg.hourlyRate,
    platformFee: centsToDecimal(price.platformFee),
    totalCost: centsToDecimal(price.total),
    status,
    notes: time.notes,
    circleId: circle?.id ?? null,
    approvalState: approvalReason ? ('awaiting' as const) : null,
    approvalReason,
    seriesId: time.seriesId ?? null,
    rebookedFrom: time.rebookedFrom ?? null,
    isTrial: time.isTrial ?? false,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * Writes many requests of one family to one caregiver in `tx` (a recurring booking's visits, ADR 0027):
 * the rows of writeRequest, without notices, their creation events kept in `batch`. A family's own
 * visits are written with one INSERT of all rows and one of all events, under the same exclusion
 * constraint (any overlap: 409 BOOKING_OVERLAP for the whole batch). The caller has checked the
 * caregiver's time off and held time for every visit in the same transaction (the series' conflict
 * search). A circle's visits go one by one through writeRequest: each one's approval depends on the
 * month's spending, the earlier visits of the batch included.
 */
export async function writeRequests(
  ctx: BookingContext,
  tx: Tx,
  actor: Actor,
  opened: OpenedRequest,
  times: RequestedTime[],
  at: Date,
  batch: BookingTransition[],
): Promise<BookingRow[]> {
  if (opened.circle) {
    const rows: BookingRow[] = [];
    for (const time of times)
      rows.push((await writeRequest(ctx, tx, actor, opened, time, at, { notify: false, batch })).row);
    return rows;
  }
  if (times.length === 0) return [];
  let rows: BookingRow[];
  try {
    rows = await tx.transaction(async (sp) =>
      bookingRepo.insertMany(
        sp,
        times.map((time) => requestValues(actor, opened, time, at, 'pending', null)),
      ),
    );
  } catch (err) {
    if (isExclusionViolation(err)) throw conflict(BOOKING_MESSAGES.overlap, 'BOOKING_OVERLAP');
    throw err;
  }
  rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const events = rows.map((row) => ({
    booking: row,
    from: null,
    to: 'pending' as const,
    actorUserId: actor.id,
    at,
  }));
  await bookingRepo.addEvents(
    tx,
    events.map((e) => ({ bookingId: e.booking.id, from: e.from, to: e.to, actorUserId: e.actorUserId, at })),
  );
  batch.push(...events);
  return rows;
}

/**
 * A family's booking request: priced on the server, pending (or, for a care circle that needs a payer's
 * approval first, awaiting_approval), never overlapping another.
 */
export function bookingCreation(ctx: BookingContext) {
  const { db } = ctx;
  return {
    async create(actor: Actor, body: CreateInput): Promise<BookingView> {
      const at = ctx.now();
      const { startMinutes, duration } = parseBookingTimes(body);
      if (body.date < jamaicaToday(at)) {
        throw badRequest(BOOKING_MESSAGES.pastDate, [{ path: 'date', message: BOOKING_MESSAGES.pastDate }]);
      }
      const startsAt = jamaicaInstantAt(body.date, startMinutes);
      if (startsAt.getTime() <= at.getTime()) {
        throw badRequest(BOOKING_MESSAGES.startPassed, [
          { path: 'startTime', message: BOOKING_MESSAGES.startPassed },
        ]);
      }
      // Two overlapping requests at once can deadlock under the exclusion constraint: run it again (the
      // second run sees the winner's row and answers 409 BOOKING_OVERLAP).
      const { view, mails } = await retryTransient(() =>
        db.transaction(async (tx) => {
          const opened = await openRequest(ctx, tx, actor, body.caregiverId, body.circleId);
          if (body.isTrial) {
            const side = opened.circle
              ? { circleId: opened.circle.id }
              : { familyId: actor.id, circleId: null };
            await checkTrialRequest(tx, opened.cg.id, side, duration);
          }
          const time = { date: body.date, startMinutes, duration, notes: body.notes, isTrial: body.isTrial };
          const { row, mails } = await writeRequest(ctx, tx, actor, opened, time, at);
          // The request succeeds in a parish emergency, with a warning (ADR 0030).
          const emergency = (await ctx.emergencies.coverOf(tx, [row], at)).get(row.id);
          const view = await viewOf(ctx.circles, tx, row.id, actor, ctx.now());
          return { view: emergency ? { ...view, emergency } : view, mails };
        }),
      );
      await sendAfterCommit(ctx.mailer, mails);
      return view;
    },
  };
}
