import { describe, expect, it } from 'vitest';
import { createBooking } from '../../test/factories';
import { DB_KINDS } from '../../test/harness';
import { signedInCaregiver } from '../../test/sign-in';
import { useVisitWorld } from './testing';

/**
 * Check-in, check-out and the visit log (issue 19, ADR 0028): only the booking's caregiver writes, inside the
 * time windows of the app's clock; the family, the circle (viewers too) and admins read; a clientId is
 * written once.
 */
describe.each(DB_KINDS)('the visit log on %s', (kind) => {
  const { t, w, db, visit, cid, post, getLog, entriesOf } = useVisitWorld(kind);
  const P = w.people;

  it('lets only the booking’s caregiver check in: 401 visitor, 403 the family side and admin, 404 others', async () => {
    const v = await visit({ circle: true });
    w.clock = v.at(0);
    const other = await signedInCaregiver(db());
    const body = { clientId: cid() };
    expect((await post(undefined, v.id, 'check-in', body)).statusCode).toBe(401);
    expect((await post(P.stranger, v.id, 'check-in', body)).statusCode).toBe(403);
    expect((await post(P.viewer, v.id, 'check-in', body)).statusCode).toBe(403);
    expect((await post(P.admin, v.id, 'check-in', body)).statusCode).toBe(403);
    const foreign = await post(other, v.id, 'check-in', body);
    expect(foreign.statusCode).toBe(404);
    expect((await post(other, 999_999, 'check-in', body)).statusCode).toBe(404);
    expect((await post(other, v.id, 'log', { ...body, kind: 'note', text: 'x' })).statusCode).toBe(404);
    expect(await entriesOf(v.id)).toHaveLength(0);
    expect((await post(v.cg, v.id, 'check-in', body)).statusCode).toBe(201);
  });

  it('refuses the caregiver of a circle booking that never reached them (awaiting approval): 404', async () => {
    const cg = await signedInCaregiver(db());
    const b = await createBooking(db(), {
      familyId: P.coordinator.user.id,
      caregiverId: cg.caregiver.id,
      date: '2030-05-01',
      status: 'awaiting_approval',
      circleId: w.circleId,
      approvalState: 'awaiting',
    });
    w.clock = new Date(b.startsAt);
    expect((await post(cg, b.id, 'check-in', { clientId: cid() })).statusCode).toBe(404);
    expect((await getLog(cg, b.id)).statusCode).toBe(404);
  });

  it('reads the log: the family, the caregiver, circle members incl. viewers, admin; 404 for others', async () => {
    const v = await visit({ circle: true });
    w.clock = v.at(-10);
    await post(v.cg, v.id, 'check-in', { clientId: cid() });
    for (const who of [P.coordinator, P.viewer, P.payer, P.admin, v.cg]) {
      const res = await getLog(who, v.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ bookingId: v.id, checkedInAt: v.at(-10).toISOString() });
    }
    const other = await signedInCaregiver(db());
    for (const who of [P.stranger, P.family, other]) expect((await getLog(who, v.id)).statusCode).toBe(404);
    expect((await getLog(undefined, v.id)).statusCode).toBe(401);
    // A viewer reads but cannot write.
    expect(
      (await post(P.viewer, v.id, 'log', { clientId: cid(), kind: 'note', text: 'Hi' })).statusCode,
    ).toBe(403);

    const own = await visit();
    expect((await getLog(P.family, own.id)).statusCode).toBe(200);
    expect((await getLog(P.viewer, own.id)).statusCode).toBe(404);
  });

  it('opens check-in 30 minutes before the start until the end, for a confirmed booking, once', async () => {
    const v = await visit();
    w.clock = v.at(-31);
    const early = await post(v.cg, v.id, 'check-in', { clientId: cid() });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'VISIT_NOT_OPEN',
      message: 'Check-in opens 30 minutes before the visit starts.',
    });
    w.clock = v.at(-30);
    const clientId = cid();
    const first = await post(v.cg, v.id, 'check-in', { clientId });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ kind: 'check_in', clientId, receivedAt: v.at(-30).toISOString() });
    const again = await post(v.cg, v.id, 'check-in', { clientId: cid() });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('VISIT_ALREADY_RECORDED');

    const late = await visit();
    w.clock = late.at(120);
    expect((await post(late.cg, late.id, 'check-in', { clientId: cid() })).json().code).toBe(
      'VISIT_NOT_OPEN',
    );
    w.clock = late.at(119);
    expect((await post(late.cg, late.id, 'check-in', { clientId: cid() })).statusCode).toBe(201);

    const pending = await visit({ status: 'pending' });
    w.clock = pending.at(0);
    const refused = await post(pending.cg, pending.id, 'check-in', { clientId: cid() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only a confirmed booking can be checked in.');
  });

  it('answers a replayed clientId with the first entry and never writes a second row', async () => {
    const v = await visit();
    w.clock = v.at(0);
    const clientId = cid();
    const first = await post(v.cg, v.id, 'check-in', { clientId });
    w.clock = v.at(200); // long after the window: a late sync of the same entry still gets its answer
    const replay = await post(v.cg, v.id, 'check-in', { clientId });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());

    w.clock = v.at(5);
    const noteId = cid();
    const note = await post(v.cg, v.id, 'log', { clientId: noteId, kind: 'note', text: 'Arrived, all well' });
    expect(note.statusCode).toBe(201);
    const [a, b] = await Promise.all([
      post(v.cg, v.id, 'log', { clientId: noteId, kind: 'note', text: 'Arrived, all well' }),
      post(v.cg, v.id, 'log', { clientId: noteId, kind: 'note', text: 'Arrived, all well' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().id).toBe(note.json().id);
    expect(await entriesOf(v.id)).toHaveLength(2);
    // The same clientId for another kind is a client bug, not a replay.
    const clash = await post(v.cg, v.id, 'log', { clientId: noteId, kind: 'meal', text: 'Soup' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('VISIT_ALREADY_RECORDED');
  });

  it('takes log entries between check-in and one hour after check-out; check-out once, after check-in', async () => {
    const v = await visit();
    w.clock = v.at(0);
    const note = { kind: 'note', text: 'Hello' };
    expect((await post(v.cg, v.id, 'log', { ...note, clientId: cid() })).json().code).toBe('VISIT_NOT_OPEN');
    expect((await post(v.cg, v.id, 'check-out', { clientId: cid() })).json().message).toBe('Check in first.');
    await post(v.cg, v.id, 'check-in', { clientId: cid() });
    const entries = [
      { kind: 'meal', text: 'Porridge and tea' },
      { kind: 'medication', name: 'Metformin', dose: '500 mg', time: '09:30' },
      { kind: 'vitals', bloodPressure: '130/85', glucose: 6.2, temperature: 36.8 },
      { kind: 'activity', text: 'Walk in the garden' },
    ];
    for (const e of entries)
      expect((await post(v.cg, v.id, 'log', { ...e, clientId: cid() })).statusCode).toBe(201);
    w.clock = v.at(125);
    expect((await post(v.cg, v.id, 'check-out', { clientId: cid() })).statusCode).toBe(201);
    const twice = await post(v.cg, v.id, 'check-out', { clientId: cid() });
    expect(twice.json()).toMatchObject({
      code: 'VISIT_ALREADY_RECORDED',
      message: 'This visit is already checked out.',
    });
    w.clock = v.at(185);
    expect((await post(v.cg, v.id, 'log', { ...note, clientId: cid() })).statusCode).toBe(201);
    w.clock = v.at(186);
    const closed = await post(v.cg, v.id, 'log', { ...note, clientId: cid() });
    expect(closed.json()).toMatchObject({
      code: 'VISIT_NOT_OPEN',
      message: 'The visit log closes one hour after check-out.',
    });

    const log = (await getLog(P.family, v.id)).json();
    expect(log.checkedOutAt).toBe(v.at(125).toISOString());
    expect(log.entries.map((e: { kind: string }) => e.kind)).toEqual([
      'check_in',
      'meal',
      'medication',
      'vitals',
      'activity',
      'check_out',
      'note',
    ]);
    expect(log.entries[2].details).toEqual({ name: 'Metformin', dose: '500 mg', time: '09:30' });
  });

  it('keeps only the accuracy of a consented position, and bounds the phone’s time', async () => {
    const v = await visit();
    w.clock = v.at(0);
    const res = await post(v.cg, v.id, 'check-in', {
      clientId: cid(),
      lat: 18.04,
      lng: -77.5,
      accuracy: 12.4,
      consent: true,
      recordedAt: v.at(-2).toISOString().replace('Z', '+00:00'),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ locationAccuracyM: 12 });
    const [row] = await entriesOf(v.id);
    expect(JSON.stringify(row)).not.toContain('18.04');
    expect(row.recordedAt).toEqual(v.at(-2));
    expect(row.receivedAt).toEqual(v.at(0));
  });

  it('answers bad input with a 400, never a 500', async () => {
    const v = await visit();
    w.clock = v.at(0);
    await post(v.cg, v.id, 'check-in', { clientId: cid() });
    const bad: [string, unknown][] = [
      ['check-out', {}],
      ['check-out', { clientId: 'short' }],
      ['check-out', { clientId: 'has spaces in it' }],
      ['check-out', { clientId: cid(), lat: 18, lng: -77 }],
      ['check-out', { clientId: cid(), lat: 18, consent: true }],
      ['check-out', { clientId: cid(), lat: 'north', lng: -77, consent: true }],
      ['check-out', { clientId: cid(), extra: 1 }],
      ['check-out', { clientId: cid(), recordedAt: 'yesterday' }],
      ['check-out', { clientId: cid(), recordedAt: v.at(10).toISOString() }],
      ['check-out', { clientId: cid(), recordedAt: v.at(-25 * 60).toISOString() }],
      ['log', { clientId: cid(), kind: 'check_in' }],
      ['log', { clientId: cid(), kind: 'photo' }],
      ['log', { clientId: cid(), kind: 'note' }],
      ['log', { clientId: cid(), kind: 'note', text: 'x'.repeat(2001) }],
      ['log', { clientId: cid(), kind: 'vitals' }],
      ['log', { clientId: cid(), kind: 'vitals', temperature: 80 }],
      ['log', { clientId: cid(), kind: 'medication', name: 'A', dose: '1', time: '25:00' }],
      ['log', { clientId: cid(), kind: 'incident', severity: 'extreme', text: 'Fell' }],
      ['log', { clientId: cid(), kind: 'note', text: 'hi', lat: 18, lng: -77, consent: true }],
      ['log', []],
    ];
    for (const [what, body] of bad) {
      const res = await post(v.cg, v.id, what, body);
      expect(res.statusCode, `${what} ${JSON.stringify(body)}`).toBe(400);
    }
    const raw = (payload: string, type: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/${v.id}/log`,
        headers: { ...v.cg.headers, 'content-type': type },
        payload,
      });
    expect((await raw('{"clientId": ', 'application/json')).statusCode).toBe(400);
    expect((await raw('not json', 'text/plain')).statusCode).toBe(415);
    expect((await post(v.cg, 'abc', 'check-out', { clientId: cid() })).statusCode).toBe(400);
    expect((await getLog(v.cg, 0)).statusCode).toBe(400);
    expect(await entriesOf(v.id)).toHaveLength(1);
  });
});
