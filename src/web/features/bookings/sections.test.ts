import { describe, expect, it } from 'vitest';
import type { BookingView } from '../../../shared/contracts/bookings';
import { caregiverActions, familyActions, liveState, nextVisit, sectionBookings } from './sections';
import { makeBooking, makeBookingCircle } from './test-fixtures';

const now = new Date('2026-11-28T15:00:00Z');
const at = (id: number, day: string, over: Partial<BookingView> = {}) =>
  makeBooking({
    id,
    date: day,
    startsAt: `${day}T14:00:00.000Z`,
    endsAt: `${day}T16:00:00.000Z`,
    ...over,
  });
const paid = {
  id: 1,
  method: 'card',
  status: 'authorized',
  amount: '3150.00',
  cardBrand: 'visa',
  cardLast4: '4242',
  reference: null,
};

describe('sectionBookings (issue 32: bookings that sort themselves)', () => {
  it('upcoming soonest first, past latest first, cancelled and declined apart', () => {
    const list = [
      at(1, '2027-09-15', { status: 'confirmed', payment: paid }),
      at(2, '2026-12-01', { status: 'pending', payment: paid }),
      at(3, '2026-11-01', { status: 'completed', payment: { ...paid, status: 'captured' } }),
      at(4, '2026-11-20', { status: 'completed', payment: { ...paid, status: 'captured' } }),
      at(5, '2026-12-03', { status: 'cancelled' }),
      at(6, '2026-10-03', { status: 'declined' }),
      at(7, '2026-11-27', { status: 'expired' }),
      // Confirmed but ended: past, not upcoming.
      at(8, '2026-11-26', { status: 'confirmed', payment: paid }),
    ];
    const s = sectionBookings(list, (b) => familyActions(b, 1, undefined, now).length > 0, now);
    expect(s.upcoming.map((b) => b.id)).toEqual([2, 1]);
    expect(s.past.map((b) => b.id)).toEqual([8, 4, 3]);
    expect(s.closed.map((b) => b.id)).toEqual([5, 7, 6]);
    expect(s.action).toEqual([]);
  });

  it('asks a family to approve, pay and review only what the server allows', () => {
    const review = (canReview: boolean, reviewed = false) => ({
      reviewed,
      canReview,
      deadline: '2026-12-04T16:00:00.000Z',
    });
    const completed = { status: 'completed' as const, payment: { ...paid, status: 'captured' } };
    expect(
      familyActions(at(1, '2026-11-20', { ...completed, review: review(true) }), 1, undefined, now),
    ).toEqual(['review']);
    // The window closed, or reviewed already: nothing to do (defect 2).
    expect(
      familyActions(at(2, '2026-11-01', { ...completed, review: review(false) }), 1, undefined, now),
    ).toEqual([]);
    expect(
      familyActions(at(3, '2026-11-25', { ...completed, review: review(false, true) }), 1, undefined, now),
    ).toEqual([]);
    expect(familyActions(at(4, '2026-12-01', { status: 'pending' }), 1, undefined, now)).toEqual(['pay']);
    const waiting = at(5, '2026-12-01', {
      status: 'awaiting_approval',
      familyId: 2,
      circle: makeBookingCircle({ canApprove: true }),
    });
    expect(familyActions(waiting, 1, ['payer'], now)).toEqual(['approve']);
    // A viewer is asked nothing.
    const viewed = at(6, '2026-12-01', {
      status: 'pending',
      familyId: 2,
      circle: makeBookingCircle({ canApprove: false, canPay: false, approval: null }),
    });
    expect(familyActions(viewed, 1, [], now)).toEqual([]);
  });

  it('asks a caregiver to answer, run today’s visit, or complete an ended one', () => {
    expect(caregiverActions(at(1, '2026-12-01', { status: 'pending' }), now, '2026-11-28')).toEqual([
      'answer',
    ]);
    expect(
      caregiverActions(
        at(2, '2026-11-28', { status: 'confirmed', endsAt: '2026-11-28T22:00:00.000Z' }),
        now,
        '2026-11-28',
      ),
    ).toEqual(['visit']);
    expect(caregiverActions(at(3, '2026-11-27', { status: 'confirmed' }), now, '2026-11-28')).toEqual([
      'complete',
    ]);
    expect(caregiverActions(at(4, '2026-12-02', { status: 'confirmed' }), now, '2026-11-28')).toEqual([]);
  });

  it('the next visit is the soonest confirmed one not yet ended', () => {
    const list = [
      at(1, '2026-12-09', { status: 'confirmed' }),
      at(2, '2026-12-01', { status: 'pending' }),
      at(3, '2026-12-02', { status: 'confirmed' }),
      at(4, '2026-11-20', { status: 'confirmed' }),
    ];
    expect(nextVisit(list, now)?.id).toBe(3);
  });
});

describe('liveState (issue 32: visits with their live state)', () => {
  it('says checked in or out in 12-hour Jamaica time, or not yet once begun', () => {
    const b = (visit: BookingView['visit'], status: BookingView['status'] = 'confirmed') => ({
      visit,
      status,
    });
    expect(liveState(b(undefined))).toBeUndefined();
    expect(liveState(b({ checkedInAt: null, checkedOutAt: null, incidents: 0 }))).toBe('Not checked in yet');
    expect(liveState(b({ checkedInAt: '2026-11-28T14:05:00.000Z', checkedOutAt: null, incidents: 0 }))).toBe(
      'Checked in 9:05 AM',
    );
    expect(
      liveState(
        b(
          { checkedInAt: '2026-11-28T14:05:00.000Z', checkedOutAt: '2026-11-28T16:58:00.000Z', incidents: 2 },
          'completed',
        ),
      ),
    ).toBe('Checked out 11:58 AM · 2 incidents');
    expect(
      liveState(b({ checkedInAt: null, checkedOutAt: null, incidents: 0 }, 'completed')),
    ).toBeUndefined();
  });
});
