/**
 * A member's own time zone beside Jamaica's: a daughter in Toronto reads "9:00 AM Toronto (10:00 AM
 * Jamaica)". Visits happen in Jamaica (UTC−5 all year, no daylight saving); Toronto, New York and London
 * move their clocks, so the difference changes twice a year. Every conversion goes through Intl with the
 * IANA zone, for the instant in question: never a fixed offset.
 */
import { TIME_ZONE } from './time';

export const DEFAULT_TIME_ZONE = TIME_ZONE;
/** IANA names are short; anything longer is not one. */
export const TIME_ZONE_MAX = 64;

let known: Map<string, string> | undefined;
/** Intl's list of zones by lower-cased name (built on first use). */
function knownZones(): Map<string, string> {
  known ??= new Map(Intl.supportedValuesOf('timeZone').map((z) => [z.toLowerCase(), z]));
  return known;
}

/**
 * A time zone name as it is kept ('america/toronto' → 'America/Toronto'), or undefined when Intl does not
 * know it. Only names are taken (Area/City, or UTC): offsets such as '+05:00' are not zones. The name is
 * kept as the member chose it (Asia/Kolkata stays Asia/Kolkata, though ICU calls it Asia/Calcutta); only
 * its case is corrected where Intl's list has it.
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (name.length === 0 || name.length > TIME_ZONE_MAX) return undefined;
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return undefined;
  }
  return knownZones().get(name.toLowerCase()) ?? name;
}

/** 'America/New_York' → 'New York', 'Europe/London' → 'London', 'America/Jamaica' → 'Jamaica'. */
export function zoneCity(timeZone: string): string {
  const last = timeZone.split('/').pop() ?? timeZone;
  return last.replaceAll('_', ' ');
}

// ICU writes a narrow no-break space before AM/PM; the app's clock text uses a plain space ('9:00 AM').
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

function parts(at: Date, timeZone: string) {
  const time = plain(
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(at),
  );
  const day = new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(at);
  return { time, day, weekday };
}

/**
 * An instant as a member reads it: "9:00 AM Toronto (10:00 AM Jamaica)"; when the two calendar days differ,
 * each time carries its weekday: "1:00 AM Sat London (8:00 PM Fri Jamaica)". A member in Jamaica (or with
 * no zone, or an unknown one) reads "10:00 AM Jamaica".
 */
export function formatMemberTime(at: Date, timeZone: string | null | undefined): string {
  const jm = parts(at, TIME_ZONE);
  const zone = timeZone ? canonicalTimeZone(timeZone) : undefined;
  if (!zone || zone === TIME_ZONE) return `${jm.time} Jamaica`;
  const own = parts(at, zone);
  const city = zoneCity(zone);
  if (own.day === jm.day) return `${own.time} ${city} (${jm.time} Jamaica)`;
  return `${own.time} ${own.weekday} ${city} (${jm.time} ${jm.weekday} Jamaica)`;
}

/**
 * A visit's span in the member's own zone, for beside its Jamaica time: "10:00 AM – 2:00 PM Toronto". When
 * the member's calendar day is not the booking's Jamaica day (or the span crosses their midnight), each end
 * carries its weekday: "1:00 AM Sat – 5:00 AM Sat London". Undefined for a member in Jamaica (or with no
 * zone, or an unknown one): the booking's own time says it all.
 */
export function formatMemberTimeRange(
  start: Date,
  end: Date,
  timeZone: string | null | undefined,
): string | undefined {
  const zone = timeZone ? canonicalTimeZone(timeZone) : undefined;
  if (!zone || zone === TIME_ZONE) return undefined;
  const jm = parts(start, TIME_ZONE);
  const from = parts(start, zone);
  const to = parts(end, zone);
  const city = zoneCity(zone);
  if (from.day === jm.day && to.day === from.day) return `${from.time} – ${to.time} ${city}`;
  return `${from.time} ${from.weekday} – ${to.time} ${to.weekday} ${city}`;
}

/**
 * A moment in the member's own zone with its day, for deadlines: "9:00 AM on Wednesday 3 June"; a member
 * outside Jamaica reads their city: "9:00 AM on Wednesday 3 June, Toronto time" (no zone or an unknown one:
 * Jamaica).
 */
export function formatMemberMoment(at: Date, timeZone: string | null | undefined): string {
  const zone = (timeZone ? canonicalTimeZone(timeZone) : undefined) ?? TIME_ZONE;
  const { time } = parts(at, zone);
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(at);
  return zone === TIME_ZONE ? `${time} on ${day}` : `${time} on ${day}, ${zoneCity(zone)} time`;
}
