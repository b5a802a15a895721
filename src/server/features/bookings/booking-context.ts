import type { ApprovalReason } from '../../../shared/booking-rules';
import type { CircleRole } from '../../../shared/contracts/circles';
import type { BookingEmergency } from '../../../shared/contracts/emergencies';
import { type DatedException, timeOffMessage } from '../../../shared/free-time';
import type { Mail, Mailer } from '../../adapters/mailer';
import type { OutboxNotice } from '../../core/notice-types';
import type { Db, Tx } from '../../db/client';
import { conflict } from '../../errors';
import type { SessionUser } from '../auth';
import type { CircleAction, CircleDecision, CircleMemberContact, CircleRow } from '../circles';
import type { BookingEvents, BookingRow } from './events';

export type Actor = Pick<SessionUser, 'id' | 'userType' | 'firstName'>;

export interface BookingDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** Every state change is emitted here, inside its transaction (listeners: src/server/wiring/events.ts). */
  events: BookingEvents;
  now?: () => Date;
  /** Parish emergencies (ADR 0030), asked through a function: built by the emergencies feature. */
  emergencies?: BookingEmergencyRules;
  /** Care circles' rules for their bookings (issue 31: bookings' port; services.ts passes the circles'). */
  circles: BookingCircleRules;
  /** The delivery outbox (notifications): a notice written in the booking's transaction. */
  notices: BookingNotices;
  /** The visit log's check-ins and check-outs, for a list's live state (visits' visitTimes). */
  visits?: BookingVisitStates;
  /** What is held for a booking follows a change of its price (payments' hold follower, ADR 0048). */
  holds?: BookingHolds;
  /** The caregiver's time off (the availability feature, ADR 0046): a request into it is refused. */
  timeOff?: BookingTimeOff;
}

/** What bookings ask of dated availability: the caregiver's first time off overlapping [startsAt, endsAt). */
export interface BookingTimeOff {
  timeOffDuring(
    tx: Tx,
    caregiverId: number,
    startsAt: Date,
    endsAt: Date,
  ): Promise<DatedException | undefined>;
}

/** No availability feature wired (a test building the service alone): nobody is away. */
export const NO_TIME_OFF: BookingTimeOff = { timeOffDuring: async () => undefined };

/** 409 CAREGIVER_TIME_OFF naming the dates, when the caregiver is away during [startsAt, endsAt). */
export async function refuseTimeOff(
  ctx: Pick<BookingContext, 'timeOff'>,
  tx: Tx,
  cg: { id: number; firstName: string },
  startsAt: Date,
  endsAt: Date,
): Promise<void> {
  const away = await ctx.timeOff.timeOffDuring(tx, cg.id, startsAt, endsAt);
  if (away) throw conflict(timeOffMessage(cg.firstName, away), 'CAREGIVER_TIME_OFF');
}

/**
 * What bookings ask of payments when an accepted counter-proposal changed a booking's price (ADR 0048):
 * 'none' nothing is held or waiting; 'kept' the live payment already covers the new total; 'released' it did
 * not, so it was released in full (or the awaited transfer called off) and the family pays the new total
 * through the ordinary payment page.
 */
export interface BookingHolds {
  followNewTotal(tx: Tx, booking: BookingRow, at: Date): Promise<'none' | 'kept' | 'released'>;
}

/** No payments wired (a test building the service alone): a price change with money held fails loudly. */
export const NO_HOLDS: BookingHolds = {
  followNewTotal: async () => {
    throw new Error('bookings: no hold follower wired (deps.holds)');
  },
};

/** What bookings ask of the visit log: where each visit stands. */
export interface BookingVisitStates {
  statesOf(
    tx: Tx,
    bookingIds: number[],
  ): Promise<Map<number, { checkedInAt: Date | null; checkedOutAt: Date | null; incidents: number }>>;
}

/** No visit log wired (a test building the service alone): no live state. */
export const NO_VISIT_STATES: BookingVisitStates = { statesOf: async () => new Map() };

/**
 * What bookings ask of care circles (bookings own this port; services.ts passes the circles' access and
 * approval rule): who may book, approve or see, the members, the approval rule.
 */
export interface BookingCircleRules {
  /** Throws 404/403 unless `actor` may do `action` in the circle; `lock` serialises cap checks. */
  authorize(
    tx: Tx,
    circleId: number,
    actor: { id: number },
    action: CircleAction,
    opts?: { lock?: boolean },
  ): Promise<{ circle: CircleRow }>;
  /** The policy's decision without throwing (what a member may see or do). */
  decide(tx: Tx, circleId: number, userId: number, action: CircleAction): Promise<CircleDecision>;
  members(tx: Tx, circleId: number): Promise<CircleMemberContact[]>;
  find(tx: Tx, circleId: number): Promise<CircleRow | undefined>;
  /** The ids of every circle `userId` belongs to. */
  circleIdsOf(tx: Tx, userId: number): Promise<number[]>;
  /** The member's roles, or undefined for a non-member. */
  rolesOf(tx: Tx, circleId: number, userId: number): Promise<CircleRole[] | undefined>;
  /** Why a booking needs a payer's approval (`monthCents`: the month's committed total with it), or null. */
  approvalReasonFor(
    circle: Pick<CircleRow, 'approvalRequired'>,
    payers: readonly { monthlyCapJmd: number | null }[],
    monthCents: number,
  ): ApprovalReason | null;
}

/** One notice for one person: in-app always, other channels by the recipient's policy; the mails due now. */
export interface BookingNotices {
  queue(tx: Tx, n: BookingOutboxNotice, at?: Date): Promise<Mail[]>;
}

/** A notice for one person through the delivery outbox (the e-mail's subject and text when given). */
export type BookingOutboxNotice = OutboxNotice;

/** The ports a bookings helper outside a use case needs (the booking notices). */
export type BookingPorts = Pick<BookingContext, 'circles' | 'notices'>;

/** What bookings ask of parish emergencies: which bookings one covers at `at` (a late cancellation is free). */
export interface BookingEmergencyRules {
  coverOf(
    tx: Tx,
    bookings: { id: number; startsAt: Date; endsAt: Date }[],
    at: Date,
  ): Promise<Map<number, BookingEmergency>>;
}

/** No emergency module wired (a test building the service alone): nothing is covered. */
export const NO_EMERGENCIES: BookingEmergencyRules = { coverOf: async () => new Map() };

/** What every bookings use case works with: the dependencies, with the clock resolved. */
export type BookingContext = Required<BookingDeps>;

export const HOUR = 3_600_000;

/** Sends after commit (the outbox mailer writes through the database); a failed send is not fatal. */
export async function sendAfterCommit(mailer: Mailer, mails: Mail[]) {
  for (const m of mails) {
    try {
      await mailer.send(m);
    } catch {
      // The in-app notification was written in the transaction; e-mail is best effort.
    }
  }
}
