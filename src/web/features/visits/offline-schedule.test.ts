// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { keptForSomeoneElse, OFFLINE_OWNER_KEY } from '../../lib/offline-owner';
import { opensOffline } from '../../lib/offline-paths';
import { makeBooking } from '../bookings/test-fixtures';
import { scheduleOf } from './offline-schedule';

const now = new Date('2030-03-05T15:00:00Z'); // 10 AM in Jamaica, Tuesday 5 March
const visit = (id: number, date: string, overrides = {}) =>
  makeBooking({
    id,
    date,
    status: 'confirmed',
    startsAt: `${date}T14:00:00.000Z`,
    endsAt: `${date}T16:00:00.000Z`,
    ...overrides,
  });

describe('scheduleOf: what the offline page lists', () => {
  it('keeps the caregiver’s confirmed visits of today and the next six days, in time order', () => {
    const carer = makeBooking().caregiver.userId;
    const list = [
      visit(3, '2030-03-11'),
      visit(1, '2030-03-05'),
      visit(2, '2030-03-04'),
      visit(4, '2030-03-12'),
      visit(5, '2030-03-06', { status: 'pending' }),
      visit(6, '2030-03-05', { startsAt: '2030-03-05T12:00:00.000Z' }),
    ];
    expect(scheduleOf(list, carer, now).map((v) => v.bookingId)).toEqual([6, 1, 3]);
    // Only their own: another caregiver's user id keeps none.
    expect(scheduleOf(list, carer + 1, now)).toEqual([]);
  });

  it('keeps only what the visit screen shows (no phone, price or payment)', () => {
    const [kept] = scheduleOf([visit(1, '2030-03-05')], makeBooking().caregiver.userId, now);
    expect(Object.keys(kept).sort()).toEqual(
      [
        'bookingId',
        'caregiverFirstName',
        'caregiverUserId',
        'completedAt',
        'date',
        'endTime',
        'endsAt',
        'place',
        'recipientFirstName',
        'startTime',
        'startsAt',
        'status',
      ].sort(),
    );
  });
});

describe('whose visits are on this phone', () => {
  beforeEach(() => localStorage.clear());

  it('nothing kept: nothing to remove', () => {
    expect(keptForSomeoneElse(null)).toBe(false);
    expect(keptForSomeoneElse({ id: 4, userType: 'family' })).toBe(false);
  });

  it('kept for caregiver 4: removed for nobody (signed out), a family or another caregiver', () => {
    localStorage.setItem(OFFLINE_OWNER_KEY, '4');
    expect(keptForSomeoneElse({ id: 4, userType: 'caregiver' })).toBe(false);
    expect(keptForSomeoneElse(null)).toBe(true);
    expect(keptForSomeoneElse({ id: 4, userType: 'family' })).toBe(true);
    expect(keptForSomeoneElse({ id: 9, userType: 'caregiver' })).toBe(true);
  });
});

describe('the pages the service worker opens offline', () => {
  it.each([
    '/bookings',
    '/dashboard',
    '/caregiver-dashboard',
    '/bookings/12/visit',
    '/messages',
    '/circles',
    '/circles/3',
    '/visits/12',
  ])('%s', (path) => {
    expect(opensOffline(path)).toBe(true);
  });

  it.each([
    '/',
    '/search',
    '/caregiver/5',
    '/login',
    '/circles/invitations/abc',
    '/api/bookings',
    '/visits/x',
  ])('not %s (public or not a page)', (path) => {
    expect(opensOffline(path)).toBe(false);
  });
});
