import type { FeatureGate } from '../../../shared/plan-features';
import type { Mail, Mailer } from '../../adapters/mailer';
import type { OutboxNotice } from '../../core/notice-types';
import type { Db, Tx } from '../../db/client';
import type { SessionUser } from '../auth';
import type { BookingRow, RequestAtRate } from '../bookings';

export type Actor = Pick<SessionUser, 'id' | 'userType' | 'firstName' | 'lastName'>;

export interface CareRequestDeps {
  db: Db;
  /** The notice mailer: dispatches the outbox rows written in the transaction (ADR 0033). */
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  /** Bookings' code path for an applicant's booking (no double booking, pricing, payment rules). */
  bookings: CareRequestBookings;
  /** Whether a family's plan unlocks the team shortlist (the plans feature's gate). */
  gate: FeatureGate;
  /** Reliability scores (ADR 0035), higher is more reliable. */
  reliabilityRank: (tx: Tx, caregiverIds: number[]) => Promise<Map<number, number>>;
  /** The delivery outbox (notifications; issue 31: care requests' port): a notice written in `tx`. */
  notices: CareRequestOutbox;
}

/** An applicant's booking request, written as any request is but at the rate they applied with (bookings). */
export interface CareRequestBookings {
  /** 400 when the start has passed; otherwise the request and the mails to send after commit. */
  writeRequest(
    tx: Tx,
    actor: Actor,
    /** When, how long, with whom, and the applicant's hourly rate (JMD, a numeric string). */
    b: RequestAtRate,
    at: Date,
  ): Promise<{ row: BookingRow; mails: Mail[] }>;
}

/** One notice for one person: in-app always, other channels by their preferences; the mails due now. */
export interface CareRequestOutbox {
  queue(tx: Tx, n: OutboxNotice & { mail: NonNullable<OutboxNotice['mail']> }, at: Date): Promise<Mail[]>;
}
