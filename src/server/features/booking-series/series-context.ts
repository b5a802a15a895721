import type { SeriesConflict } from '../../../shared/booking-series';
import type { BookingSeriesView } from '../../../shared/contracts/booking-series';
import type { BookingView } from '../../../shared/contracts/bookings';
import type { DatedException } from '../../../shared/free-time';
import type { Mail } from '../../adapters/mailer';
import type { BookingNotice, NoticeRecipient } from '../../core/notice-types';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type {
  Actor,
  BookingAnswer,
  BookingRow,
  BookingTransition,
  OpenedRequest,
  RequestedTime,
  VisitBooking,
} from '../bookings';
import type { CircleAction, CircleDecision, CircleMemberContact, CircleRow } from '../circles';
import type { SeriesRow } from './repo';

export interface SeriesDeps {
  db: Db;
  /** Bookings written and answered one visit at a time through the bookings code paths (bookings). */
  bookings: SeriesBookings;
  /** For the links in e-mailed notices. */
  publicUrl: string;
  /** A booking with its parties and its time in words (bookings; issue 31: the series' ports). */
  visitBookings: SeriesVisitBookings;
  /** A care circle, its members and what each may do (circles). */
  circles: SeriesCircles;
  /** A booking notice to several people: in-app always, other channels by preference (notifications). */
  notices: SeriesNotices;
  now?: () => Date;
  /** The caregiver's time off (the availability feature, ADR 0046): a visit in it is a conflict. */
  timeOff?: SeriesTimeOff;
}

/** What a series asks of dated availability: caregivers' exceptions touching [from, to), by caregiver. */
export interface SeriesTimeOff {
  exceptionsOf(
    tx: Tx,
    caregiverIds: readonly number[],
    from: Date,
    to: Date,
  ): Promise<Map<number, DatedException[]>>;
}

/** No availability feature wired (a test building the service alone): nobody is away. */
export const NO_TIME_OFF: SeriesTimeOff = { exceptionsOf: async () => new Map() };

export type SeriesContext = Required<SeriesDeps>;

/**
 * What a series does with bookings (ADR 0027), each inside the series' transaction: the same request and
 * answer code paths as a single booking (access, circle policy and approval, the exclusion constraint,
 * listeners), one visit at a time, without a notice per visit. Mails come back to be sent after commit.
 */
export interface SeriesBookings {
  /** The circle policy and the caregiver's state, once for the whole series (the circle stays locked). */
  open(tx: Tx, actor: Actor, caregiverId: number, circleId: number | undefined): Promise<OpenedRequest>;
  /** One visit, requested as a single booking is, its creation event kept in `batch` for `emitCreated`. */
  request(
    tx: Tx,
    actor: Actor,
    opened: OpenedRequest,
    time: RequestedTime,
    at: Date,
    batch: BookingTransition[],
  ): Promise<{ row: BookingRow; mails: Mail[] }>;
  /**
   * Every visit of a new series, the caller having checked time off and held time in `tx`: the rows (first
   * first), their creation events kept in `batch`; 409 BOOKING_OVERLAP if any overlaps after all.
   */
  requestMany(
    tx: Tx,
    actor: Actor,
    opened: OpenedRequest,
    times: RequestedTime[],
    at: Date,
    batch: BookingTransition[],
  ): Promise<BookingRow[]>;
  /** The listeners for the batch's new requests, once every visit is written. */
  emitCreated(tx: Tx, batch: BookingTransition[]): Promise<void>;
  /** The time the caregiver holds (pending and confirmed bookings) overlapping [from, to). */
  held(
    tx: Tx,
    caregiverId: number,
    from: Date,
    to: Date,
  ): Promise<{ id: number; startsAt: Date; endsAt: Date }[]>;
  /** The series' visits (rows), first first. */
  visits(tx: Tx, seriesId: number): Promise<BookingRow[]>;
  /** Whether a visit has reached its caregiver (a circle's needs a payer's approval first). */
  caregiverSees(b: Pick<BookingRow, 'approvalState'>): boolean;
  /** One answer to one visit, with its own access check and rule; its own notice only with `notify: true`. */
  answer(
    tx: Tx,
    actor: Actor,
    id: number,
    answer: BookingAnswer,
    at: Date,
    opts?: { notify?: boolean },
  ): Promise<Mail[]>;
  /** The series' visits as `viewer` sees them. */
  views(tx: Tx, seriesId: number, viewer: Actor): Promise<BookingView[]>;
  /** The caregiver record of a user, or undefined. */
  caregiverIdOfUser(tx: Tx, userId: number): Promise<number | undefined>;
  /** Sends the mails after commit (best effort). */
  send(mails: Mail[]): Promise<void>;
}

/** A booking with its parties and its time in words (the series' notices). */
export interface SeriesVisitBookings {
  find(tx: Tx, id: number): Promise<VisitBooking | undefined>;
}

/** A care circle, its members and what each may do. */
export interface SeriesCircles {
  decide(tx: Tx, circleId: number, userId: number, action: CircleAction): Promise<CircleDecision>;
  find(tx: Tx, circleId: number): Promise<CircleRow | undefined>;
  members(tx: Tx, circleId: number): Promise<CircleMemberContact[]>;
}

/** A booking notice to several people: in-app always, e-mail and texts by their preferences (notifications). */
export interface SeriesNotices {
  /** Writes each recipient's notice in `tx`; returns the mails due now (to send after commit). */
  deliver(
    tx: Tx,
    publicUrl: string,
    to: NoticeRecipient[],
    notice: BookingNotice | ((r: NoticeRecipient) => BookingNotice),
    at?: Date,
  ): Promise<Mail[]>;
}

/** 409 SERIES_CONFLICTS: the dates that clash, in the body (`conflicts`); nothing was written. */
export class SeriesConflicts extends AppError {
  constructor(
    message: string,
    readonly conflicts: SeriesConflict[],
  ) {
    super(409, message, { code: 'SERIES_CONFLICTS' });
  }
}

/** The series as `viewer` sees it (the caller decided they may), with its visits. */
export async function seriesViewOf(
  ctx: SeriesContext,
  tx: Tx,
  s: SeriesRow,
  viewer: Actor,
): Promise<BookingSeriesView> {
  return {
    id: s.id,
    familyId: s.familyId,
    caregiverId: s.caregiverId,
    circleId: s.circleId,
    weekdays: s.weekdays,
    startTime: s.startTime,
    hours: s.hours,
    startDate: s.startDate,
    endDate: s.endDate,
    visitCount: s.visitCount,
    status: s.status,
    notes: s.notes,
    skipped: s.skipped,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    answeredAt: s.answeredAt ? s.answeredAt.toISOString() : null,
    cancelledAt: s.cancelledAt ? s.cancelledAt.toISOString() : null,
    bookings: await ctx.bookings.views(tx, s.id, viewer),
  };
}

/** Runs `work` in one transaction, then sends the mails it collected. */
export async function inTransaction<T>(
  ctx: SeriesContext,
  work: (tx: Tx, mails: Mail[]) => Promise<T>,
): Promise<T> {
  const mails: Mail[] = [];
  const out = await ctx.db.transaction((tx) => work(tx, mails));
  await ctx.bookings.send(mails);
  return out;
}

export type { BookingNotice, NoticeRecipient };
