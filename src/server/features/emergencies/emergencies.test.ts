import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { emergencyRepo } from './repo';
import { declareEmergency, emergencyBody } from './testing';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Issue 20, parish emergency mode: who may declare, what is refused, when one is in force, the audit. */
describe.each(DB_KINDS)('parish emergencies on %s', (kind) => {
  // The app's clock, moved by the tests (the rules read it; nobody sleeps).
  let clock = new Date('2026-09-01T12:00:00Z');
  const t = useTestApp(kind, {}, () => clock);
  const active = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/emergencies/active' })).json().emergencies as {
      id: number;
    }[];

  it('refuses visitors (401), families and caregivers (403) on every admin route', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    const caregiver = await signedInCaregiver(t.db);
    const body = emergencyBody(['St. Thomas'], 0, 24, clock);
    const routes = [
      { method: 'GET' as const, url: '/api/admin/emergencies' },
      { method: 'POST' as const, url: '/api/admin/emergencies', payload: body },
      { method: 'PATCH' as const, url: '/api/admin/emergencies/1', payload: { endsAt: body.endsAt } },
      { method: 'POST' as const, url: '/api/admin/emergencies/1/end' },
      { method: 'POST' as const, url: '/api/admin/emergencies/1/declare' },
    ];
    for (const r of routes) {
      expect((await t.app.inject(r)).statusCode, `${r.method} ${r.url}`).toBe(401);
      for (const who of [family, caregiver]) {
        expect((await t.injectAs(who, { ...r })).statusCode, r.url).toBe(403);
      }
    }
    expect(await active()).toHaveLength(0);
  });

  it('refuses an unknown parish, an end before the start, a window over 14 days, a past end (400)', async () => {
    const admin = await signedIn(t.db, { userType: 'admin' });
    const bad = [
      emergencyBody(['Atlantis'], 0, 24, clock),
      emergencyBody([], 0, 24, clock),
      emergencyBody(['Portland'], 24, 2, clock),
      emergencyBody(['Portland'], 0, 14 * 24 + 1, clock),
      emergencyBody(['Portland'], -48, -1, clock),
      emergencyBody(['Portland'], 0, 24, clock, { kind: 'earthquake' }),
      emergencyBody(['Portland'], 0, 24, clock, { message: '   ' }),
      emergencyBody(['Portland'], 0, 24, clock, { startsAt: 'tomorrow' }),
    ];
    for (const body of bad) {
      const res = await declareEmergency(t.app, admin.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const ok = await declareEmergency(
      t.app,
      admin.headers,
      emergencyBody(['portland', 'Portland'], 0, 24, clock),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ parishes: ['Portland'], kind: 'hurricane', state: 'active' });
    const id = ok.json().id;
    const patch = (endsAt: Date) =>
      t.injectAs(admin, {
        method: 'PATCH',
        url: `/api/admin/emergencies/${id}`,
        payload: { endsAt: endsAt.toISOString() },
      });
    expect((await patch(new Date(clock.getTime() + 15 * DAY))).statusCode).toBe(400);
    expect((await patch(new Date(clock.getTime() - HOUR))).statusCode).toBe(400);
    const missing = await t.injectAs(admin, { method: 'POST', url: '/api/admin/emergencies/99999/end' });
    expect(missing.statusCode).toBe(404);
    await t.injectAs(admin, { method: 'POST', url: `/api/admin/emergencies/${id}/end` });
  });

  it('is in force from declaration until its end (upcoming ones too), then gone; end and extend are audited', async () => {
    const admin = await signedIn(t.db, { userType: 'admin' });
    const start = clock;
    const upcoming = await declareEmergency(t.app, admin.headers, emergencyBody(['St. Mary'], 6, 30, start));
    expect(upcoming.json().state).toBe('upcoming');
    const now = await declareEmergency(t.app, admin.headers, emergencyBody(['Hanover'], 0, 10, start));
    const ids = [upcoming.json().id, now.json().id];
    expect((await active()).map((e) => e.id)).toEqual(expect.arrayContaining(ids));
    const res = await t.app.inject({ method: 'GET', url: '/api/emergencies/active' });
    expect(res.headers['cache-control']).toBe('public, max-age=60');

    // Extended by two hours: still in force at +11 h.
    const extend = await t.injectAs(admin, {
      method: 'PATCH',
      url: `/api/admin/emergencies/${ids[1]}`,
      payload: { endsAt: new Date(start.getTime() + 12 * HOUR).toISOString(), message: 'Still flooding.' },
    });
    expect(extend.statusCode).toBe(200);
    expect(extend.json().message).toBe('Still flooding.');
    clock = new Date(start.getTime() + 11 * HOUR);
    expect((await active()).map((e) => e.id)).toEqual(expect.arrayContaining(ids));
    // Past its (new) end: no longer in force, and it cannot be extended or ended again.
    clock = new Date(start.getTime() + 12 * HOUR);
    expect((await active()).map((e) => e.id)).not.toContain(ids[1]);
    const late = await t.injectAs(admin, { method: 'POST', url: `/api/admin/emergencies/${ids[1]}/end` });
    expect(late.statusCode).toBe(409);
    // Ended early: gone at once.
    const end = await t.injectAs(admin, { method: 'POST', url: `/api/admin/emergencies/${ids[0]}/end` });
    expect(end.statusCode).toBe(200);
    expect(end.json().state).toBe('over');
    expect((await active()).map((e) => e.id)).not.toContain(ids[0]);

    const rows = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.subjectType, 'emergency'), eq(adminAudit.subjectId, ids[1])));
    expect(rows.map((r) => r.action)).toEqual(['emergency.declare', 'emergency.extend']);
    expect(rows.every((r) => r.actorId === admin.user.id)).toBe(true);
    expect(rows[1].before).toMatchObject({ message: expect.stringContaining('Hanover') });
    expect(rows[1].after).toMatchObject({ message: 'Still flooding.' });
    const list = await t.injectAs(admin, { method: 'GET', url: '/api/admin/emergencies' });
    const ended = list.json().emergencies.find((e: { id: number }) => e.id === ids[0]);
    expect(ended.history.map((h: { action: string }) => h.action)).toEqual([
      'emergency.declare',
      'emergency.end',
    ]);
    expect(ended.history[1].after.endedAt).toBe(clock.toISOString());
  });

  it('declares a prepared emergency from now, keeping its length; only once', async () => {
    const admin = await signedIn(t.db, { userType: 'admin' });
    clock = new Date('2026-09-10T12:00:00Z');
    const prepared = await emergencyRepo.insert(t.db, {
      kind: 'hurricane',
      parishes: ['St. Thomas', 'Portland'],
      startsAt: new Date('2026-01-01T00:00:00Z'),
      endsAt: new Date('2026-01-03T00:00:00Z'),
      message: 'Prepared.',
    });
    expect((await active()).map((e) => e.id)).not.toContain(prepared.id);
    const url = `/api/admin/emergencies/${prepared.id}/declare`;
    const res = await t.injectAs(admin, { method: 'POST', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'active',
      startsAt: clock.toISOString(),
      endsAt: new Date(clock.getTime() + 2 * DAY).toISOString(),
    });
    expect((await active()).map((e) => e.id)).toContain(prepared.id);
    expect((await t.injectAs(admin, { method: 'POST', url })).statusCode).toBe(409);
  });
});
