import type { Mail, Mailer } from '../../adapters/mailer';
import type { Db } from '../../db/client';
import type { SessionUser } from '../auth/sessions';
import type { BookingEvents } from './events';

export type Actor = Pick<SessionUser, 'id' | 'userType' | 'firstName'>;

export interface BookingDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** Every state change is emitted here, inside its transaction (listeners: src/server/events.ts). */
  events: BookingEvents;
  now?: () => Date;
}

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
