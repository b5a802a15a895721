import { describe, expect, it } from 'vitest';
import type { BookingView } from '../../../shared/contracts/bookings';
import { DB_KINDS } from '../../test/harness';
import { useVisitWorld } from './testing';

/**
 * Issue 32: the homes show today's visits with their live state. A booking's view carries the visit's
 * check-in and check-out once it has begun (the list and the booking alike), for the family and the
 * caregiver; a stranger still gets nothing (404).
 */
describe.each(DB_KINDS)('the live state of a visit on %s', (kind) => {
  const v = useVisitWorld(kind);
  const { t, w, cid, post } = v;

  it('checked in, then checked out, on the family’s and the caregiver’s lists', async () => {
    const visit = await v.visit({ hours: 2 });
    const listed = async (who: { headers: Record<string, string> }) =>
      ((await t.injectAs(who, { method: 'GET', url: '/api/bookings' })).json() as BookingView[]).find(
        (b) => b.id === visit.id,
      );
    w.clock = visit.at(-24 * 60);
    // A day ahead it has not begun: no live state yet.
    expect((await listed(w.people.family))?.visit).toBeUndefined();

    w.clock = visit.at(5);
    expect((await listed(w.people.family))?.visit).toEqual({
      checkedInAt: null,
      checkedOutAt: null,
      incidents: 0,
    });
    expect((await post(visit.cg, visit.id, 'check-in', { clientId: cid() })).statusCode).toBe(201);
    const inAt = visit.at(5).toISOString();
    expect((await listed(w.people.family))?.visit).toEqual({
      checkedInAt: inAt,
      checkedOutAt: null,
      incidents: 0,
    });
    expect((await listed(visit.cg))?.visit).toEqual({ checkedInAt: inAt, checkedOutAt: null, incidents: 0 });

    w.clock = visit.at(60);
    const text = 'Slipped on the step, no injury';
    expect(
      (await post(visit.cg, visit.id, 'log', { clientId: cid(), kind: 'incident', severity: 'low', text }))
        .statusCode,
    ).toBe(201);
    w.clock = visit.at(118);
    expect((await post(visit.cg, visit.id, 'check-out', { clientId: cid() })).statusCode).toBe(201);
    const one = await t.injectAs(w.people.family, { method: 'GET', url: `/api/bookings/${visit.id}` });
    expect(one.json().visit).toEqual({
      checkedInAt: inAt,
      checkedOutAt: visit.at(118).toISOString(),
      incidents: 1,
    });
    expect(
      (await t.injectAs(w.people.stranger, { method: 'GET', url: `/api/bookings/${visit.id}` })).statusCode,
    ).toBe(404);
  });
});
