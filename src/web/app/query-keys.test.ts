import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminKeys } from '../features/admin/api';
import { authKeys } from '../features/auth/api';
import { bookingKeys } from '../features/bookings/api';
import { calendarFeedKeys } from '../features/calendar-feeds/api';
import { caregiverProfileKeys } from '../features/caregiver-profile/api';
import { caregiverKeys } from '../features/caregivers/api';
import { circleKeys } from '../features/circles/api';
import { configKeys } from '../features/config/api';
import { dashboardKeys } from '../features/dashboard/api';
import { outboxKeys } from '../features/dev-outbox/api';
import { favouriteKeys } from '../features/favourites/api';
import { messagingKeys } from '../features/messages/api';
import { notificationKeys, notificationPreferenceKeys } from '../features/notifications/api';
import { paymentKeys } from '../features/payments/api';
import { reviewKeys } from '../features/reviews/api';
import { statsKeys } from '../features/stats/api';
import { supportKeys } from '../features/support/api';
import { verificationKeys } from '../features/verification/api';

type Key = readonly unknown[];
type Factory = { all: Key } & Record<string, Key | ((...args: never[]) => Key)>;

const FACTORIES: Record<string, Factory> = {
  adminKeys,
  authKeys,
  bookingKeys,
  calendarFeedKeys,
  caregiverProfileKeys,
  caregiverKeys,
  circleKeys,
  configKeys,
  dashboardKeys,
  outboxKeys,
  favouriteKeys,
  messagingKeys,
  notificationKeys,
  notificationPreferenceKeys,
  paymentKeys,
  reviewKeys,
  statsKeys,
  supportKeys,
  verificationKeys,
};

/** Every key a factory makes, its functions called with a sample argument. */
function keysOf(factory: Factory): Key[] {
  return Object.values(factory).map((entry) =>
    typeof entry === 'function' ? (entry as (...args: unknown[]) => Key)(7, 7) : entry,
  );
}

describe('query keys', () => {
  // Invalidating a factory's `all` (or any prefix of it) must never reach another feature's answers.
  it('give each factory a root of its own, and every key of a factory starts with it', () => {
    const roots = Object.values(FACTORIES).map((f) => f.all);
    for (const root of roots) expect(root).toHaveLength(1);
    expect(new Set(roots.map((r) => r[0])).size).toBe(roots.length);
    for (const factory of Object.values(FACTORIES)) {
      for (const key of keysOf(factory)) expect(key[0]).toBe(factory.all[0]);
    }
  });

  it('are written only in the features’ api files: everything else uses the exported factories', () => {
    const web = join(__dirname, '..');
    const offenders = (readdirSync(web, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => !/^features\/[^/]+\/([a-z-]+-)?api\.ts$/.test(file))
      .filter((file) => /queryKey:\s*\[/.test(readFileSync(join(web, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
