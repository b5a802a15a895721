import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { type BookingRow, type BookingTransition, createBookingEvents } from './events';

const tx = {} as Tx;
const created = (id: number, caregiverId: number): BookingTransition => ({
  booking: { id, caregiverId } as BookingRow,
  from: null,
  to: 'pending',
  actorUserId: 1,
  at: new Date('2030-01-01T12:00:00Z'),
});

describe('booking events', () => {
  it('runs each listener per event, in order of registration', async () => {
    const events = createBookingEvents();
    const heard: string[] = [];
    events.on(async (_tx, e) => void heard.push(`a${e.booking.id}`));
    events.on(async (_tx, e) => void heard.push(`b${e.booking.id}`), { caregiverAggregate: true });
    await events.emit(tx, created(1, 7));
    expect(heard).toEqual(['a1', 'b1']);
  });

  it('runs a caregiver aggregate once per caregiver for a batch of new requests, with their last event', async () => {
    const events = createBookingEvents();
    const each: number[] = [];
    const aggregate: number[] = [];
    events.on(async (_tx, e) => void each.push(e.booking.id));
    events.on(async (_tx, e) => void aggregate.push(e.booking.id), { caregiverAggregate: true });
    await events.emitCreated(tx, [created(1, 7), created(2, 7), created(3, 8), created(4, 7)]);
    expect(each).toEqual([1, 2, 3, 4]);
    expect(aggregate.sort()).toEqual([3, 4]);
  });

  it('refuses a batch holding anything but new requests', async () => {
    const events = createBookingEvents();
    const answered = { ...created(1, 7), from: 'pending' as const, to: 'confirmed' as const };
    await expect(events.emitCreated(tx, [answered])).rejects.toThrow(/new requests only/);
  });
});
