/**
 * When support promises a reply (issue 21), in the hours the contact page lists (SUPPORT_HOURS in
 * contracts/support: Monday to Friday 8 AM–6 PM, Saturday 9 AM–2 PM, Jamaica time, UTC−5 all year). A
 * ticket from a family whose plan includes priority support is answered within PRIORITY_REPLY_HOURS of
 * support time and goes first in the admin queue; everyone else's within one business day.
 */
/** Opening and closing hour per weekday (0 = Sunday), Jamaica time; null: closed. */
export const SUPPORT_SCHEDULE: readonly ([number, number] | null)[] = [
  null,
  [8, 18],
  [8, 18],
  [8, 18],
  [8, 18],
  [8, 18],
  [9, 14],
];
export const PRIORITY_REPLY_HOURS = 4;
/** One business day, as hours of support time (a weekday's). */
export const STANDARD_REPLY_HOURS = 10;
export const SUPPORT_HOURS_TEXT = 'Monday to Friday 8 AM–6 PM, Saturday 9 AM–2 PM, Jamaica time';

const HOUR = 3_600_000;
const JAMAICA_OFFSET = -5 * HOUR;

/** The instant `hours` of support time after `from` (time outside support hours does not count). */
export function addSupportHours(from: Date, hours: number): Date {
  // Work in Jamaica's wall clock, expressed as a UTC date whose fields read as Jamaica time.
  let local = new Date(from.getTime() + JAMAICA_OFFSET);
  let left = hours * HOUR;
  for (let guard = 0; guard < 60; guard++) {
    const midnight = new Date(local);
    midnight.setUTCHours(0, 0, 0, 0);
    const nextDay = new Date(midnight.getTime() + 24 * HOUR);
    const hours = SUPPORT_SCHEDULE[local.getUTCDay()];
    if (!hours) {
      local = nextDay;
      continue;
    }
    const open = new Date(midnight.getTime() + hours[0] * HOUR);
    const close = new Date(midnight.getTime() + hours[1] * HOUR);
    if (local >= close) {
      local = nextDay;
      continue;
    }
    if (local < open) local = open;
    const today = close.getTime() - local.getTime();
    if (left <= today) return new Date(local.getTime() + left - JAMAICA_OFFSET);
    left -= today;
    local = nextDay;
  }
  throw new Error('addSupportHours: no support hours found');
}

/** When a ticket sent at `createdAt` is promised a reply. */
export function replyDeadline(createdAt: Date, priority: boolean): Date {
  return addSupportHours(createdAt, priority ? PRIORITY_REPLY_HOURS : STANDARD_REPLY_HOURS);
}
