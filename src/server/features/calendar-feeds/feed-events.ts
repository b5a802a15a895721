import { isCalendarDate, jamaicaInstantAt, parseClock } from '../../../shared/booking-rules';
import type { IcsEvent, IcsStatus } from './ics';
import type { CalendarBooking, CalendarMeeting, CalendarTimeOff } from './ports';

/** The domain of every UID: `booking-<id>@yaadcare.jm`, stable across fetches and rotations. */
export const UID_DOMAIN = 'yaadcare.jm';

const STATUS: Record<CalendarBooking['status'], IcsStatus> = {
  awaiting_approval: 'TENTATIVE',
  pending: 'TENTATIVE',
  confirmed: 'CONFIRMED',
  cancelled: 'CANCELLED',
  declined: 'CANCELLED',
  expired: 'CANCELLED',
};

const STATUS_NOTE: Record<CalendarBooking['status'], string> = {
  awaiting_approval: 'Waiting for a payer in the care circle to approve it.',
  pending: 'Requested: waiting for the caregiver to accept.',
  confirmed: 'Confirmed.',
  cancelled: 'Cancelled.',
  declined: 'Declined.',
  expired: 'Expired: the request was not answered in time.',
};

/** "Brown" → "Browns", "Jones" → "Joneses": how a household is named ("Care for the Browns"). */
export function householdName(lastName: string): string {
  const name = lastName.trim();
  return /(s|x|z|ch|sh)$/i.test(name) ? `${name}es` : `${name}s`;
}

/** What the event is called, from the user's side of the booking. */
export function bookingSummary(b: CalendarBooking): string {
  if (b.side === 'caregiver') {
    if (b.recipientFirstName) return `Care for ${b.recipientFirstName}`;
    const last = b.familyLastName.trim();
    return last ? `Care for the ${householdName(last)}` : `Care for ${b.familyFirstName}`;
  }
  const forWhom = b.recipientFirstName ? ` for ${b.recipientFirstName}` : '';
  return `Care with ${b.caregiverFirstName}${forWhom}`;
}

/** Town and parish, never more (the feed's URL can leak: no street address, ADR 0049). */
export function placeOf(town: string | null, parish: string | null): string | null {
  const parts = [town?.trim(), parish?.trim()].filter((p): p is string => Boolean(p));
  if (parts.length === 2 && parts[0].toLowerCase() === parts[1].toLowerCase()) parts.pop();
  return parts.length ? parts.join(', ') : null;
}

export function bookingEvent(b: CalendarBooking, publicUrl: string): IcsEvent {
  const url = `${publicUrl}/bookings#booking-${b.id}`;
  return {
    uid: `booking-${b.id}@${UID_DOMAIN}`,
    lastModified: b.updatedAt,
    start: { at: b.startsAt },
    end: { at: b.endsAt },
    summary: bookingSummary(b),
    location: placeOf(b.town, b.parish),
    description: `${STATUS_NOTE[b.status]}\n${url}`,
    status: STATUS[b.status],
    transparency: STATUS[b.status] === 'CANCELLED' ? 'TRANSPARENT' : 'OPAQUE',
    url,
  };
}

const MODES: Record<string, string> = {
  video: 'Video call',
  phone: 'Phone call',
  in_person: 'In person',
};

/** A confirmed meeting: its title and how it happens (never the meeting link or a place). */
export function meetingEvent(m: CalendarMeeting): IcsEvent {
  return {
    uid: `meeting-${m.id}@${UID_DOMAIN}`,
    start: { at: m.startsAt },
    end: { at: m.endsAt },
    summary: m.title,
    description: MODES[m.mode] ?? null,
    status: 'CONFIRMED',
    transparency: 'OPAQUE',
  };
}

const DAY_MS = 86_400_000;
const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * A caregiver's time off: whole days (no times) or from its start time on the first day to its end time on
 * the last (Jamaica time). Busy either way. The note stays out of the feed (its URL can leak). Undefined for
 * dates that make no range.
 */
export function timeOffEvent(t: CalendarTimeOff): IcsEvent | undefined {
  if (!isCalendarDate(t.from) || !isCalendarDate(t.to) || t.to < t.from) return undefined;
  const base = {
    uid: `timeoff-${t.id}@${UID_DOMAIN}`,
    summary: 'Time off',
    status: 'CONFIRMED' as const,
    transparency: 'OPAQUE' as const,
  };
  if (!t.startTime && !t.endTime) {
    return { ...base, start: { date: t.from }, end: { date: nextDay(t.to) } };
  }
  const start = t.startTime ? parseClock(t.startTime) : 0;
  const end = t.endTime ? parseClock(t.endTime) : 24 * 60;
  if (start === undefined || end === undefined) return undefined;
  const startsAt = jamaicaInstantAt(t.from, start);
  const endsAt = jamaicaInstantAt(t.to, end);
  if (endsAt <= startsAt) return undefined;
  return { ...base, start: { at: startsAt }, end: { at: endsAt } };
}
