import type { SeriesConflict } from '../../../shared/booking-series';
import type { BookingSeriesView } from '../../../shared/contracts/booking-series';
import type { Mail } from '../../adapters/mailer';
import type { BookingNotice, NoticeRecipient } from '../../core/notice-types';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor, BookingsForSeries, bookingsForVisits } from '../bookings';
import type { circleBookingRules } from '../circles';
import type { SeriesRow } from './repo';

export interface SeriesDeps {
  db: Db;
  /** The bookings service's series part: every visit goes through the bookings code paths. */
  bookings: BookingsForSeries;
  /** For the links in e-mailed notices. */
  publicUrl: string;
  /** A booking with its parties and its time in words (bookings; issue 31: the series' ports). */
  visitBookings: Pick<typeof bookingsForVisits, 'find'>;
  /** A care circle, its members and what each may do (circles). */
  circles: Pick<typeof circleBookingRules, 'decide' | 'find' | 'members'>;
  /** A booking notice to several people: in-app always, other channels by preference (notifications). */
  notices: SeriesNotices;
  now?: () => Date;
}

export type SeriesContext = Required<SeriesDeps>;

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
