import type { Mail, Mailer } from '../../adapters/mailer';
import type { OutboxNotice } from '../../core/notice-types';
import type { Db, Tx } from '../../db/client';
import type { SessionUser } from '../auth';

export type Actor = Pick<SessionUser, 'id' | 'userType' | 'firstName' | 'lastName'>;

/** What the meetings feature asks of others (joined in src/server/wiring/services.ts). */
export interface MeetingDeps {
  db: Db;
  /** The notice mailer: dispatches the outbox rows written in the transaction after commit (ADR 0033). */
  mailer: Mailer;
  now: () => Date;
  /** The app's address, for links in e-mails. */
  publicUrl: string;
  /** The Jitsi Meet server video rooms are made on (env MEETING_VIDEO_URL), without a trailing slash. */
  videoUrl: string;
  /** Care circles (the circles' access): who may ask and act for a circle, and a user's circles. */
  circles: MeetingCircles;
  /** The delivery outbox (notifications): one notice for one person, written in `tx`. */
  notices: MeetingNotices;
  /** The safety feature's reports: a meeting is reported as its other party, with the meeting named. */
  reports: MeetingReports;
}

/** The circle policy's answer for a member (circles' circleAccess.decide). */
export type MeetingCircleDecision = 'allowed' | 'forbidden' | 'hidden';

export interface MeetingCircles {
  decide(
    tx: Tx,
    circleId: number,
    userId: number,
    action: 'view' | 'book' | 'approve',
  ): Promise<MeetingCircleDecision>;
  /** The ids of every circle `userId` belongs to. */
  circleIdsOf(tx: Tx, userId: number): Promise<number[]>;
}

export interface MeetingNotices {
  queue(tx: Tx, n: OutboxNotice, at: Date): Promise<Mail[]>;
}

export interface MeetingReports {
  /** Files a report of `reportedUserId` by `reporter` (the reason names the meeting); returns its id. */
  report(reporter: Actor, reportedUserId: number, reason: string): Promise<number>;
}
