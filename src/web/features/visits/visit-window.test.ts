import { describe, expect, it } from 'vitest';
import { checkInWindow } from './visit-window';

const visit = {
  status: 'confirmed' as const,
  startsAt: '2030-03-01T14:00:00.000Z', // 9:00 AM Jamaica
  endsAt: '2030-03-01T16:00:00.000Z',
};
const at = (iso: string) => new Date(iso);

describe('checkInWindow', () => {
  it('opens 30 minutes before the start and closes at the end', () => {
    expect(checkInWindow(visit, at('2030-03-01T13:29:59Z'))).toEqual({
      open: false,
      reason: 'Check-in opens at 8:30 AM Jamaica, 30 minutes before the visit starts.',
    });
    expect(checkInWindow(visit, at('2030-03-01T13:30:00Z'))).toEqual({ open: true });
    expect(checkInWindow(visit, at('2030-03-01T15:59:59Z'))).toEqual({ open: true });
    expect(checkInWindow(visit, at('2030-03-01T16:00:00Z'))).toMatchObject({ open: false });
  });

  it('is closed for a booking that is not confirmed', () => {
    expect(checkInWindow({ ...visit, status: 'pending' }, at('2030-03-01T14:00:00Z'))).toEqual({
      open: false,
      reason: 'Only a confirmed booking can be checked in.',
    });
  });
});
