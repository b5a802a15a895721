import { TIME_ZONE } from './time';

/** spec §4: the availability badge on result cards. */
export type AvailabilityBadge = 'Available Now' | 'Available Today' | 'Available Tomorrow';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const WORKING_DAYS = new Set(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);

/** Monday to Friday, 9:00 (inclusive) to 17:00 (exclusive), in Jamaica — whatever the device's time zone. */
export function isJamaicaWorkingHours(now: Date): boolean {
  let weekday = '';
  let minutes = 0;
  for (const p of parts.formatToParts(now)) {
    if (p.type === 'weekday') weekday = p.value;
    else if (p.type === 'hour') minutes += Number(p.value) * 60;
    else if (p.type === 'minute') minutes += Number(p.value);
  }
  return WORKING_DAYS.has(weekday) && minutes >= 9 * 60 && minutes < 17 * 60;
}

/**
 * 'Available Now' when the list says so; otherwise 'Available Today' during Jamaica's working hours for
 * someone available on weekdays; otherwise 'Available Tomorrow'. The search's urgent=true filter is
 * "Now or Today" by this same rule.
 */
export function availabilityBadge(availability: readonly string[], now: Date): AvailabilityBadge {
  if (availability.includes('Available Now')) return 'Available Now';
  if (availability.includes('Weekdays') && isJamaicaWorkingHours(now)) return 'Available Today';
  return 'Available Tomorrow';
}
