import { jamaicaToday } from '../../shared/time';
import type { Rng } from './random';

/** Time in Jamaica (UTC−5 all year). */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const pad = (n: number) => String(n).padStart(2, '0');

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function jamaicaInstant(date: string, hour: number, minute = 0): Date {
  return new Date(`${date}T${pad(hour)}:${pad(minute)}:00-05:00`);
}

export const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en-JM', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

export const clockLabel = (hour: number) =>
  `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;

export const minDate = (...d: Date[]) => new Date(Math.min(...d.map((x) => x.getTime())));
export const maxDate = (...d: Date[]) => new Date(Math.max(...d.map((x) => x.getTime())));

/** A moment in Jamaican waking hours (7 am to 7 pm) shortly before `at`, so nobody chats at 3 am. */
export function daytimeBefore(rng: Rng, at: Date, now: Date): Date {
  const latest = Math.min(at.getTime(), now.getTime() - 4 * HOUR);
  let day = jamaicaToday(new Date(latest));
  for (let i = 0; i < 3; i++) {
    const t = jamaicaInstant(day, rng.int(7, 19), rng.int(0, 59));
    if (t.getTime() <= latest) return t;
    day = addDays(day, -1);
  }
  return new Date(latest - 12 * HOUR);
}

export function clampBefore(d: Date, now: Date, notBefore: Date): Date {
  const latest = now.getTime() - 60_000;
  return new Date(Math.max(notBefore.getTime() + 60_000, Math.min(d.getTime(), latest)));
}
