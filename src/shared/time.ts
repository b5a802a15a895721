/** YaadCare reasons about time in Jamaica (UTC−5 all year, no daylight saving). */
export const TIME_ZONE = 'America/Jamaica';

/** Today's date in Jamaica as yyyy-MM-dd. */
export function jamaicaToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(now);
}
