import { describe, expect, it } from 'vitest';
import { createApprovedVerification, createBooking } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { panelBody, requestBooking } from '../bookings/testing';
import { backupCandidates } from '../caregiver-directory';

// Dated availability (ADR 0046): time off and extra hours (the caregiver's own), free slots (public), and
// bookings, reschedules, series, search and profiles respecting them. The clock is fixed: Saturday 28
// November 2026, 10:00 AM in Jamaica.
const NOW = new Date('2026-11-28T15:00:00Z');

describe.each(DB_KINDS)('time off, extra hours and free slots on %s', (kind) => {
  const t = useTestApp(kind, {}, () => NOW);
  const post = (who: { headers: Record<string, string> } | null, url: string, payload: object) =>
    t.injectAs(who, { method: 'POST', url, payload });
  const get = (who: { headers: Record<string, string> } | null, url: string) =>
    t.injectAs(who, { method: 'GET', url });
  const del = (who: { headers: Record<string, string> } | null, url: string) =>
    t.injectAs(who, { method: 'DELETE', url });

  it('lets a caregiver add, list and remove their own time off; nobody else may', async () => {
    const cg = await t.signedInCaregiver({ user: { firstName: 'Shanique' } });
    const other = await t.signedInCaregiver();
    const family = await t.signedIn();
    const body = { from: '2026-12-07', to: '2026-12-11', note: 'Family visit' };
    const created = await post(cg, '/api/caregivers/me/time-off', body);
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(id).toEqual(expect.any(Number));
    const part = await post(cg, '/api/caregivers/me/time-off', {
      from: '2026-12-01',
      to: '2026-12-01',
      startTime: '13:00',
      endTime: '17:30',
    });
    expect(part.statusCode).toBe(201);

    const list = await get(cg, '/api/caregivers/me/time-off');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: part.json().id,
        kind: 'time_off',
        from: '2026-12-01',
        to: '2026-12-01',
        startTime: '13:00',
        endTime: '17:30',
        note: null,
      },
      {
        id,
        kind: 'time_off',
        from: '2026-12-07',
        to: '2026-12-11',
        startTime: null,
        endTime: null,
        note: 'Family visit',
      },
    ]);
    expect((await get(other, '/api/caregivers/me/time-off')).json()).toEqual([]);

    // Visitors 401, families 403, another caregiver 404 on someone else's.
    expect((await post(null, '/api/caregivers/me/time-off', body)).statusCode).toBe(401);
    expect((await post(family, '/api/caregivers/me/time-off', body)).statusCode).toBe(403);
    expect((await get(null, '/api/caregivers/me/time-off')).statusCode).toBe(401);
    expect((await get(family, '/api/caregivers/me/time-off')).statusCode).toBe(403);
    expect((await del(family, `/api/caregivers/me/time-off/${id}`)).statusCode).toBe(403);
    expect((await del(other, `/api/caregivers/me/time-off/${id}`)).statusCode).toBe(404);
    expect((await del(cg, `/api/caregivers/me/extra-hours/${id}`)).statusCode).toBe(404);
    expect((await del(cg, '/api/caregivers/me/time-off/abc')).statusCode).toBe(400);

    expect((await del(cg, `/api/caregivers/me/time-off/${id}`)).statusCode).toBe(204);
    expect((await del(cg, `/api/caregivers/me/time-off/${id}`)).statusCode).toBe(404);
    expect((await get(cg, '/api/caregivers/me/time-off')).json()).toHaveLength(1);
  });

  it('refuses bad time off with 400 naming the field', async () => {
    const cg = await t.signedInCaregiver();
    const bad = async (payload: object, path: string) => {
      const res = await post(cg, '/api/caregivers/me/time-off', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(path);
    };
    await bad({ from: '2026-12-07', to: '2026-12-06' }, 'to');
    await bad({ from: '2026-12-01', to: '2027-03-01' }, 'to'); // 91 days
    await bad({ from: '2026-12-01', to: '2026-12-01', startTime: '09:00' }, 'endTime');
    await bad({ from: '2026-12-01', to: '2026-12-01', endTime: '09:00' }, 'startTime');
    await bad({ from: '2026-12-01', to: '2026-12-01', startTime: '12:00', endTime: '09:00' }, 'endTime');
    await bad({ from: '2026-12-01', to: '2026-12-01', startTime: '9am', endTime: '10:00' }, 'startTime');
    await bad({ from: '2026-12-01', to: '2026-12-01', note: 'x'.repeat(201) }, 'note');
    await bad({ from: '2026-02-30', to: '2026-12-01' }, 'from');
    await bad({ from: '2026-11-27', to: '2026-11-28' }, 'from'); // yesterday
    await bad({ from: '2027-11-30', to: '2027-12-01' }, 'to'); // more than 366 days ahead
    await bad({ to: '2026-12-01' }, 'from');
    // Today and up to 90 days are fine.
    expect(
      (await post(cg, '/api/caregivers/me/time-off', { from: '2026-11-28', to: '2027-02-25' })).statusCode,
    ).toBe(201);
  });

  it('keeps extra hours likewise', async () => {
    const cg = await t.signedInCaregiver();
    const other = await t.signedInCaregiver();
    const family = await t.signedIn();
    const body = { date: '2026-12-05', startTime: '10:00', endTime: '13:00' };
    expect((await post(null, '/api/caregivers/me/extra-hours', body)).statusCode).toBe(401);
    expect((await post(family, '/api/caregivers/me/extra-hours', body)).statusCode).toBe(403);
    expect((await post(cg, '/api/caregivers/me/extra-hours', { ...body, endTime: '09:00' })).statusCode).toBe(
      400,
    );
    expect((await post(cg, '/api/caregivers/me/extra-hours', { date: '2026-12-05' })).statusCode).toBe(400);
    expect(
      (await post(cg, '/api/caregivers/me/extra-hours', { ...body, date: '2026-11-01' })).statusCode,
    ).toBe(400);
    const created = await post(cg, '/api/caregivers/me/extra-hours', body);
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect((await get(cg, '/api/caregivers/me/extra-hours')).json()).toEqual([
      {
        id,
        kind: 'extra',
        from: '2026-12-05',
        to: '2026-12-05',
        startTime: '10:00',
        endTime: '13:00',
        note: null,
      },
    ]);
    // Extra hours are not time off.
    expect((await get(cg, '/api/caregivers/me/time-off')).json()).toEqual([]);
    expect((await del(cg, `/api/caregivers/me/time-off/${id}`)).statusCode).toBe(404);
    expect((await del(other, `/api/caregivers/me/extra-hours/${id}`)).statusCode).toBe(404);
    expect((await get(family, '/api/caregivers/me/extra-hours')).statusCode).toBe(403);
    expect((await del(cg, `/api/caregivers/me/extra-hours/${id}`)).statusCode).toBe(204);
  });

  it('shows free slots from the pattern, time off, extra hours and bookings, never what the caregiver does', async () => {
    const cg = await t.signedInCaregiver({ user: { firstName: 'Shanique' }, availability: ['Weekdays'] });
    const family = await t.signedIn();
    await createBooking(t.db, {
      familyId: family.user.id,
      caregiverId: cg.caregiver.id,
      date: '2026-11-30',
      startHour: 9,
      hours: 2,
      status: 'confirmed',
    });
    await createBooking(t.db, {
      familyId: family.user.id,
      caregiverId: cg.caregiver.id,
      date: '2026-12-01',
      startHour: 9,
      hours: 8,
      status: 'cancelled',
    });
    await post(cg, '/api/caregivers/me/time-off', { from: '2026-12-07', to: '2026-12-11' });
    await post(cg, '/api/caregivers/me/time-off', {
      from: '2026-12-02',
      to: '2026-12-02',
      startTime: '12:00',
      endTime: '14:30',
    });
    await post(cg, '/api/caregivers/me/extra-hours', {
      date: '2026-12-05',
      startTime: '10:00',
      endTime: '13:00',
    });

    // Public: a visitor sees it; default from today (Jamaica) for 28 days.
    const res = await get(null, `/api/caregivers/${cg.caregiver.id}/free-slots`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.timeZone).toBe('America/Jamaica');
    expect(body.days).toHaveLength(28);
    expect(body.days[0].date).toBe('2026-11-28');
    const day = (date: string) => body.days.find((d: { date: string }) => d.date === date).free;
    expect(day('2026-11-28')).toEqual([]); // a Saturday
    expect(day('2026-11-30')).toEqual([
      { start: '2026-11-30T16:00:00.000Z', end: '2026-11-30T22:00:00.000Z' },
    ]);
    expect(day('2026-12-01')).toEqual([
      { start: '2026-12-01T14:00:00.000Z', end: '2026-12-01T22:00:00.000Z' },
    ]);
    expect(day('2026-12-02')).toEqual([
      { start: '2026-12-02T14:00:00.000Z', end: '2026-12-02T17:00:00.000Z' },
      { start: '2026-12-02T20:00:00.000Z', end: '2026-12-02T22:00:00.000Z' },
    ]);
    expect(day('2026-12-05')).toEqual([
      { start: '2026-12-05T15:00:00.000Z', end: '2026-12-05T18:00:00.000Z' },
    ]);
    for (const d of ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11'])
      expect(day(d)).toEqual([]);
    // Nothing but dates and free intervals.
    expect(Object.keys(body)).toEqual(['timeZone', 'days']);
    for (const d of body.days) {
      expect(Object.keys(d)).toEqual(['date', 'free']);
      for (const f of d.free) expect(Object.keys(f)).toEqual(['start', 'end']);
    }

    const week = await get(family, `/api/caregivers/${cg.caregiver.id}/free-slots?from=2026-12-07&days=7`);
    expect(week.json().days.map((d: { date: string }) => d.date)).toEqual([
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
      '2026-12-13',
    ]);
    expect(week.json().days.every((d: { free: unknown[] }) => d.free.length === 0)).toBe(true);
  });

  it('counts a confirmed meeting as busy time (the meetings feature, ADR 0047), and it joins the caregiver’s feed', async () => {
    const cg = await t.signedInCaregiver({ availability: ['Weekdays'] });
    const family = await t.signedIn();
    const time = '2026-11-30T15:00:00.000Z'; // Monday 10:00 AM in Jamaica, 30 minutes
    const asked = await post(family, '/api/meetings', {
      caregiverId: cg.caregiver.id,
      mode: 'video',
      minutes: 30,
      proposedTimes: [time],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const monday = async () =>
      (await get(null, `/api/caregivers/${cg.caregiver.id}/free-slots?from=2026-11-30&days=1`)).json().days[0]
        .free;
    // Asked, not agreed: the time is still free.
    expect(await monday()).toEqual([{ start: '2026-11-30T14:00:00.000Z', end: '2026-11-30T22:00:00.000Z' }]);
    const accepted = await post(cg, `/api/meetings/${asked.json().id}/accept`, { time });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Confirmed: the hour it falls in is no longer offered (slots start on the hour).
    expect(await monday()).toEqual([
      { start: '2026-11-30T14:00:00.000Z', end: '2026-11-30T15:00:00.000Z' },
      { start: '2026-11-30T16:00:00.000Z', end: '2026-11-30T22:00:00.000Z' },
    ]);
    const feed = await post(cg, '/api/calendar/feed', {});
    expect(feed.statusCode).toBe(201);
    const ics = await get(null, new URL(feed.json().url).pathname);
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain(`UID:meeting-${asked.json().id}@yaadcare.jm`);
    expect(ics.body).toContain('DTSTART:20261130T150000Z');
  });

  it('refuses bad free-slot queries with 400 and unknown or hidden caregivers with 404', async () => {
    const cg = await t.signedInCaregiver({ availability: ['Weekdays'] });
    const hidden = await t.signedInCaregiver({ availability: ['Weekdays'], isActive: false });
    const url = `/api/caregivers/${cg.caregiver.id}/free-slots`;
    for (const q of [
      'days=0',
      'days=29',
      'days=abc',
      'days=1.5',
      'from=2026-02-30',
      'from=tomorrow',
      'from=9999-12-31',
      'from=1900-01-01',
    ])
      expect((await get(null, `${url}?${q}`)).statusCode, q).toBe(400);
    expect((await get(null, '/api/caregivers/99999999/free-slots')).statusCode).toBe(404);
    expect((await get(null, '/api/caregivers/abc/free-slots')).statusCode).toBe(400);
    expect((await get(null, `/api/caregivers/${hidden.caregiver.id}/free-slots`)).statusCode).toBe(404);
    // Its owner still sees their own.
    expect((await get(hidden, `/api/caregivers/${hidden.caregiver.id}/free-slots?days=1`)).statusCode).toBe(
      200,
    );
  });

  it('refuses a booking or a move into time off with 409 naming the dates; the spec payload still books', async () => {
    const cg = await t.signedInCaregiver({ user: { firstName: 'Shanique' }, availability: ['Weekdays'] });
    const family = await t.signedIn();
    await post(cg, '/api/caregivers/me/time-off', { from: '2026-12-07', to: '2026-12-11' });
    const refused = await requestBooking(t.app, family.headers, panelBody(cg.caregiver.id, '2026-12-09'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CAREGIVER_TIME_OFF',
      message: 'Shanique is away from Mon 7 Dec to Fri 11 Dec.',
    });
    // Part of a day: only those hours.
    await post(cg, '/api/caregivers/me/time-off', {
      from: '2026-12-03',
      to: '2026-12-03',
      startTime: '12:00',
      endTime: '14:00',
    });
    const partly = await requestBooking(
      t.app,
      family.headers,
      panelBody(cg.caregiver.id, '2026-12-03', '11:00 AM', 2),
    );
    expect(partly.statusCode).toBe(409);
    expect(partly.json().message).toBe('Shanique is away on Thu 3 Dec from 12:00 PM to 2:00 PM.');
    // Back to back with it is fine, and so is the day after the time off (the spec's payload, unchanged).
    const before = await requestBooking(
      t.app,
      family.headers,
      panelBody(cg.caregiver.id, '2026-12-03', '10:00 AM', 2),
    );
    expect(before.statusCode).toBe(201);
    const ok = await requestBooking(t.app, family.headers, panelBody(cg.caregiver.id, '2026-12-14'));
    expect(ok.statusCode).toBe(201);
    // Moving a booking into the time off: refused too.
    const moved = await t.injectAs(family, {
      method: 'POST',
      url: `/api/bookings/${ok.json().id}/reschedule`,
      payload: { date: '2026-12-10', startTime: '9:00 AM' },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('CAREGIVER_TIME_OFF');
  });

  it('names visits in time off as series conflicts', async () => {
    const cg = await t.signedInCaregiver({ availability: ['Weekdays'] });
    const family = await t.signedIn();
    await post(cg, '/api/caregivers/me/time-off', { from: '2026-12-07', to: '2026-12-11' });
    const res = await t.injectAs(family, {
      method: 'POST',
      url: '/api/booking-series',
      payload: {
        caregiverId: cg.caregiver.id,
        weekdays: [1],
        startTime: '08:00',
        hours: 4,
        startDate: '2026-11-30',
        visits: 3,
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().conflicts).toEqual([{ date: '2026-12-07', reason: 'time_off' }]);
  });

  it('moves nextAvailableAt in search and on the profile past the time off', async () => {
    const cg = await t.signedInCaregiver({ availability: ['Weekdays'], bio: 'zzawaytest' });
    await post(cg, '/api/caregivers/me/time-off', { from: '2026-11-28', to: '2026-12-04' });
    const profile = await get(null, `/api/caregivers/${cg.caregiver.id}`);
    expect(profile.json().nextAvailableAt).toBe('2026-12-07T14:00:00.000Z');
    const search = await get(null, '/api/caregivers/search?q=zzawaytest');
    const found = search.json().find((c: { id: number }) => c.id === cg.caregiver.id);
    expect(found.nextAvailableAt).toBe('2026-12-07T14:00:00.000Z');
    // Extra hours on the Saturday bring it forward.
    await post(cg, '/api/caregivers/me/extra-hours', {
      date: '2026-12-05',
      startTime: '10:00',
      endTime: '12:00',
    });
    const again = await get(null, '/api/caregivers/search?q=zzawaytest');
    expect(again.json().find((c: { id: number }) => c.id === cg.caregiver.id).nextAvailableAt).toBe(
      '2026-12-05T15:00:00.000Z',
    );
  });

  it('never offers a caregiver who is away then as a backup (whole days or part of a day)', async () => {
    const kind = 'tutors';
    const make = async (firstName: string) => {
      const cg = await t.signedInCaregiver({
        user: { firstName },
        kinds: [kind],
        availability: ['Weekdays'],
      });
      await createApprovedVerification(t.db, cg.user.id, { at: NOW });
      return cg;
    };
    const free = await make('Free');
    const awayAllDay = await make('Away');
    const awayPart = await make('Partly');
    const awayBefore = await make('Before');
    await post(awayAllDay, '/api/caregivers/me/time-off', { from: '2026-12-02', to: '2026-12-04' });
    await post(awayPart, '/api/caregivers/me/time-off', {
      from: '2026-12-01',
      to: '2026-12-05',
      startTime: '10:00',
      endTime: '11:00',
    });
    // Away until the visit starts: back to back is no clash.
    await post(awayBefore, '/api/caregivers/me/time-off', {
      from: '2026-12-03',
      to: '2026-12-03',
      startTime: '06:00',
      endTime: '09:00',
    });
    const ids = (
      await backupCandidates(t.db, {
        kind,
        minRateCents: 0,
        maxRateCents: 10_000_000,
        startsAt: new Date('2026-12-03T14:00:00Z'), // Thursday 9:00 AM in Jamaica, for 3 hours
        endsAt: new Date('2026-12-03T17:00:00Z'),
        excludeCaregiverId: 0,
        excludeUserId: 0,
        town: null,
        parish: null,
        limit: 50,
      })
    ).map((c) => c.caregiverId);
    expect(ids).toContain(free.caregiver.id);
    expect(ids).toContain(awayBefore.caregiver.id);
    expect(ids).not.toContain(awayAllDay.caregiver.id);
    expect(ids).not.toContain(awayPart.caregiver.id);
  });
});
