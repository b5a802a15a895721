import { describe, expect, it } from 'vitest';
import type { BookingTransition } from '../features/bookings/service';
import { daysAhead, panelBody, requestBooking } from '../features/bookings/testing';
import { DB_KINDS, useTestApp } from '../test/harness';
import { signedIn, signedInCaregiver } from '../test/sign-in';

/**
 * The event table is built per app (src/server/wiring/events.ts, ADR 0015): two apps in one process (tests, or a
 * CLI beside a server) never hear each other's bookings, and each app's table runs its own listeners.
 */
describe.each(DB_KINDS)('booking events on %s', (kind) => {
  const a = useTestApp(kind);
  const b = useTestApp(kind);

  it('a listener on one app hears that app’s booking changes only', async () => {
    const heardByA: BookingTransition[] = [];
    const heardByB: BookingTransition[] = [];
    const offA = a.app.services.bookingEvents.on(async (_tx, e) => void heardByA.push(e));
    const offB = b.app.services.bookingEvents.on(async (_tx, e) => void heardByB.push(e));
    try {
      const family = await signedIn(b.database.db, { userType: 'family' });
      const cg = await signedInCaregiver(b.database.db, { hourlyRate: 1200 });
      const res = await requestBooking(
        b.app,
        family.headers,
        panelBody(cg.caregiver.id, daysAhead(3), '9:00 AM', 2),
      );
      expect(res.statusCode).toBe(201);
      expect(heardByB.map((e) => [e.booking.id, e.from, e.to])).toEqual([[res.json().id, null, 'pending']]);
      expect(heardByA).toEqual([]);
      expect(a.app.services.bookingEvents).not.toBe(b.app.services.bookingEvents);
    } finally {
      offA();
      offB();
    }
  });
});
