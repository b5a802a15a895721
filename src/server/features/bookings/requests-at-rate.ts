import { BOOKING_MESSAGES, jamaicaInstantAt, parseClock } from '../../../shared/contracts/bookings';
import { jamaicaToday } from '../../../shared/time';
import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import { badRequest } from '../../errors';
import type { Actor, BookingContext } from './booking-context';
import { openRequest, writeRequest } from './create-booking';
import type { BookingRow } from './events';

/** A request at an agreed rate: when, how long, with whom and at the hourly rate agreed with the caregiver. */
export interface RequestAtRate {
  caregiverId: number;
  /** yyyy-MM-dd and HH:mm in Jamaica. */
  date: string;
  startTime: string;
  hours: number;
  /** The agreed hourly rate, JMD as a numeric string ('1500.00'). */
  hourlyRate: string;
  notes: string | null;
}

/**
 * Requests at an agreed rate (care requests, ADR 0038): a booking request written through the same path as
 * any request (the caregiver checks, no double booking, pricing, events, listeners and notices), priced at
 * the agreed rate instead of the caregiver's profile's, inside the caller's transaction.
 */
export function requestsAtRate(ctx: BookingContext) {
  return {
    async writeRequest(
      tx: Tx,
      actor: Actor,
      b: RequestAtRate,
      at: Date,
    ): Promise<{ row: BookingRow; mails: Mail[] }> {
      const startMinutes = parseClock(b.startTime) ?? 0;
      if (b.date < jamaicaToday(at) || jamaicaInstantAt(b.date, startMinutes).getTime() <= at.getTime())
        throw badRequest(BOOKING_MESSAGES.startPassed);
      const opened = await openRequest(ctx, tx, actor, b.caregiverId, undefined);
      const time = { date: b.date, startMinutes, duration: b.hours, notes: b.notes };
      return writeRequest(
        ctx,
        tx,
        actor,
        { ...opened, cg: { ...opened.cg, hourlyRate: b.hourlyRate } },
        time,
        at,
      );
    },
  };
}
