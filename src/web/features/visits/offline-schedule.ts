import { del, get, keys, set } from 'idb-keyval';
import { jamaicaToday } from '../../../shared/time';
import { OFFLINE_OWNER_KEY, offlineOwner } from '../../lib/offline-owner';
import type { BookingView } from '../bookings/api';
import { getVisitLog, toVisitSummary, type VisitLog, type VisitSummary } from './api';
import { type SavedVisit, visitDb } from './offline';
import { checkInWindow } from './visit-window';

/**
 * A caregiver's visits for the offline page (issue 32, item 9; ADR 0029's amendment): today's and the next
 * days' confirmed visits from the last bookings list read online, kept in the visit screen's IndexedDB
 * database with whose they are. Each visit also gets the visit screen's saved copy, so its link opens
 * offline. The data belongs to one account: when the app sees another account, or nobody, signed in, it is
 * removed (forgetOfflineData), and the offline page shows it only to the account it names.
 */
const SCHEDULE_KEY = 'schedule';
/** Today and the next six days, in Jamaica. */
export const SCHEDULE_DAYS = 7;
const SCHEDULE_MAX = 20;

export interface OfflineSchedule {
  userId: number;
  firstName: string;
  savedAt: string;
  visits: VisitSummary[];
}

const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The confirmed visits of today and the next days, in time order. */
export function scheduleOf(
  bookings: BookingView[],
  caregiverUserId: number,
  now = new Date(),
): VisitSummary[] {
  const today = jamaicaToday(now);
  const last = dayAfter(today, SCHEDULE_DAYS - 1);
  return bookings
    .filter(
      (b) =>
        b.status === 'confirmed' &&
        b.caregiver.userId === caregiverUserId &&
        b.date >= today &&
        b.date <= last,
    )
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
    .slice(0, SCHEDULE_MAX)
    .map(toVisitSummary);
}

const emptyLog = (bookingId: number): VisitLog => ({
  bookingId,
  checkedInAt: null,
  checkedOutAt: null,
  entries: [],
});

/**
 * Gives each visit a saved copy for the visit screen: an existing copy gets the fresher summary and keeps
 * its log; a new one gets an empty log while check-in has not opened (there can be none yet), else the
 * log read now. A visit whose log cannot be read is left out (its link says it was not saved).
 */
async function keepVisits(visits: VisitSummary[], now: Date): Promise<void> {
  for (const summary of visits) {
    const key = `snapshot:${summary.bookingId}`;
    const existing = await get<SavedVisit>(key, visitDb());
    if (existing) {
      await set(key, { ...existing, summary } satisfies SavedVisit, visitDb());
      continue;
    }
    const early = checkInWindow(summary, now);
    let log: VisitLog;
    if (!early.open && new Date(summary.startsAt).getTime() > now.getTime())
      log = emptyLog(summary.bookingId);
    else {
      try {
        log = await getVisitLog(summary.bookingId);
      } catch {
        continue;
      }
    }
    await set(key, { summary, log, savedAt: now.toISOString() } satisfies SavedVisit, visitDb());
  }
}

/** Keeps a caregiver's coming visits from their bookings list (read online just now). */
export async function keepSchedule(
  user: { id: number; firstName: string },
  bookings: BookingView[],
  now = new Date(),
): Promise<void> {
  await claimOfflineData(user.id);
  const visits = scheduleOf(bookings, user.id, now);
  await set(
    SCHEDULE_KEY,
    {
      userId: user.id,
      firstName: user.firstName,
      savedAt: now.toISOString(),
      visits,
    } satisfies OfflineSchedule,
    visitDb(),
  );
  await keepVisits(visits, now);
}

/** The kept schedule, only if it is this owner's (the one named on this phone). */
export async function loadSchedule(): Promise<OfflineSchedule | undefined> {
  const owner = offlineOwner();
  const schedule = await get<OfflineSchedule>(SCHEDULE_KEY, visitDb());
  return schedule && schedule.userId === owner ? schedule : undefined;
}

/**
 * Removes the kept schedule and the visits' saved copies (not the outbox: writes not yet sent stay, and the
 * server decides them with whoever is signed in when they are sent).
 */
export async function forgetOfflineData(): Promise<void> {
  try {
    localStorage.removeItem(OFFLINE_OWNER_KEY);
  } catch {
    // Storage blocked: nothing was kept there.
  }
  const all = await keys(visitDb());
  for (const key of all) {
    if (key === SCHEDULE_KEY || String(key).startsWith('snapshot:')) await del(key, visitDb());
  }
}

/** Makes this account the owner of what is kept offline, removing another account's data first. */
export async function claimOfflineData(userId: number): Promise<void> {
  const owner = offlineOwner();
  if (owner === userId) return;
  if (owner !== null) await forgetOfflineData();
  try {
    localStorage.setItem(OFFLINE_OWNER_KEY, String(userId));
  } catch {
    // Storage blocked: the schedule is then never shown (loadSchedule needs the owner).
  }
}
