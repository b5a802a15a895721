import { describe, expect, it } from 'vitest';
import type { BookingView } from '../../../shared/contracts/bookings';
import { createBooking, createReview } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

/**
 * Issue 32, defect 2: 'Leave a review' was offered on bookings whose 14-day window had closed and on bookings
 * already reviewed, and the form failed only after the family had typed the review. The booking list now says
 * for each completed booking of the family's whether it may be reviewed now, by the server's clock.
 */
describe.each(DB_KINDS)('the review state of a booking on %s', (kind) => {
  const clock = { now: new Date('2026-11-28T17:00:00Z') };
  const t = useTestApp(kind, {}, () => clock.now);

  it('offers a review only inside the window and only once, to the family that booked', async () => {
    const family = await t.signedIn();
    const caregiver = await t.signedInCaregiver();
    const base = {
      familyId: family.user.id,
      caregiverId: caregiver.caregiver.id,
      status: 'completed' as const,
    };
    const open = await createBooking(t.db, { ...base, date: '2026-11-20' });
    const closed = await createBooking(t.db, { ...base, date: '2026-11-10' });
    const reviewed = await createReview(t.db, {
      familyId: family.user.id,
      caregiverId: caregiver.caregiver.id,
      rating: 5,
      createdAt: new Date('2026-11-26T12:00:00Z'),
    });
    const upcoming = await createBooking(t.db, { ...base, status: 'confirmed', date: '2026-12-02' });

    const res = await t.injectAs(family, { method: 'GET', url: '/api/bookings' });
    expect(res.statusCode).toBe(200);
    const byId = new Map((res.json() as BookingView[]).map((b) => [b.id, b]));
    expect(byId.get(open.id)?.review).toEqual({
      reviewed: false,
      canReview: true,
      deadline: '2026-12-04T16:00:00.000Z',
    });
    expect(byId.get(closed.id)?.review).toMatchObject({ reviewed: false, canReview: false });
    expect(byId.get(reviewed.bookingId)?.review).toMatchObject({ reviewed: true, canReview: false });
    expect(byId.get(upcoming.id)?.review).toBeUndefined();

    // The window closes by the server's clock: a day after the deadline the open one is closed too.
    clock.now = new Date('2026-12-05T17:00:00Z');
    const later = await t.injectAs(family, { method: 'GET', url: `/api/bookings/${open.id}` });
    expect(later.json().review).toMatchObject({ reviewed: false, canReview: false });

    // The caregiver's view of the same booking has no review offer: the family's review is not theirs to write.
    const theirs = await t.injectAs(caregiver, { method: 'GET', url: `/api/bookings/${open.id}` });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().review).toBeUndefined();
    clock.now = new Date('2026-11-28T17:00:00Z');
  });
});
