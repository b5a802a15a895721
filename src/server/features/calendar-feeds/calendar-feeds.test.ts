import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jamaicaToday } from '../../../shared/time';
import { hashToken } from '../../core/tokens';
import { bookings, calendarFeeds, users } from '../../db/schema';
import { createBooking } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { appWithMemoryLog } from '../../test/memory-log';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { SCRUBBERS } from '../../wiring/privacy-hooks';
import { createCircle, join } from '../circles/testing';
import { calendarFeedPrivacy } from './privacy';
import { CLOSED_BOOKINGS_DAYS, createCalendarFeedService } from './service';
import { eventsByUid, feedApi, readFeed } from './testing';

const DAY = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const uid = (id: number) => `booking-${id}@yaadcare.jm`;

describe.each(DB_KINDS)('private calendar feeds on %s', (kind) => {
  const clock = new Date('2026-11-28T15:00:00Z');
  const t = useTestApp(kind, {}, () => clock);
  const api = () => feedApi(t.app);
  const today = jamaicaToday(clock);

  it('refuses a visitor (401) on every switch, and reads no session on the feed itself', async () => {
    for (const res of [await api().state(null), await api().create(null), await api().turnOff(null)]) {
      expect(res.statusCode).toBe(401);
    }
    const stale = { headers: { authorization: 'Bearer not-a-session' } };
    expect((await api().create(stale)).statusCode).toBe(401);
  });

  it('shows the URL once, keeps only the hash of its secret, and serves a valid RFC 5545 calendar', async () => {
    const family = await t.signedIn({ userType: 'family' });
    expect((await api().state(family)).json()).toEqual({ active: false });
    const created = await api().create(family);
    expect(created.statusCode).toBe(201);
    const { url } = created.json() as { url: string };
    expect(url).toMatch(/^https?:\/\/[^/]+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(url.startsWith(t.env.publicUrl)).toBe(true);
    const secret = new URL(url).pathname.slice('/calendar/'.length, -4);

    const state = await api().state(family);
    expect(state.json()).toEqual({ active: true, createdAt: clock.toISOString() });
    expect(state.body).not.toContain(secret);
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, family.user.id));
    expect(row.tokenHash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    const feed = await api().fetch(new URL(url).pathname);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, no-store');
    expect(feed.headers['set-cookie']).toBeUndefined();
    expect(feed.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(feed.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const { calendar, events } = readFeed(feed.body);
    expect(calendar.VERSION.value).toBe('2.0');
    expect(calendar.PRODID.value).toMatch(/YaadCare/);
    expect(calendar.CALSCALE.value).toBe('GREGORIAN');
    expect(calendar['X-WR-CALNAME'].value).toBe('YaadCare');
    expect(events).toEqual([]);
    for (const line of feed.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('lists a family’s own open bookings and recent cancellations, never another family’s', async () => {
    const db = t.db;
    const carer = await t.signedInCaregiver({ user: { firstName: 'Shanique', lastName: 'Reid' } });
    const family = await t.signedIn({ userType: 'family', location: 'Half Way Tree', parish: 'St. Andrew' });
    const other = await t.signedIn({ userType: 'family', lastName: 'Grant' });
    const b = (
      status: Parameters<typeof createBooking>[1]['status'],
      days: number,
      familyId = family.user.id,
    ) => createBooking(db, { familyId, caregiverId: carer.caregiver.id, date: addDays(today, days), status });
    const pending = await b('pending', 3);
    const confirmed = await b('confirmed', 4);
    const cancelledNow = await b('cancelled', 5);
    const cancelledLongAgo = await b('cancelled', -50);
    const completed = await b('completed', -2);
    const declined = await b('declined', 6);
    const theirs = await b('confirmed', 7, other.user.id);
    await db
      .update(bookings)
      .set({ cancelledAt: new Date(clock.getTime() - 2 * DAY) })
      .where(eq(bookings.id, cancelledNow.id));
    await db
      .update(bookings)
      .set({ cancelledAt: new Date(clock.getTime() - (CLOSED_BOOKINGS_DAYS + 1) * DAY) })
      .where(eq(bookings.id, cancelledLongAgo.id));
    await db
      .update(bookings)
      .set({ declinedAt: new Date(clock.getTime() - DAY) })
      .where(eq(bookings.id, declined.id));

    const { path } = await api().open(family);
    const events = eventsByUid((await api().fetch(path)).body);
    expect([...events.keys()].sort()).toEqual(
      [pending, confirmed, cancelledNow, declined].map((x) => uid(x.id)).sort(),
    );
    expect(events.has(uid(theirs.id))).toBe(false);
    expect(events.has(uid(completed.id))).toBe(false);
    expect(events.has(uid(cancelledLongAgo.id))).toBe(false);
    expect(events.get(uid(pending.id))).toMatchObject({
      STATUS: { value: 'TENTATIVE' },
      SUMMARY: { value: 'Care with Shanique' },
      LOCATION: { value: 'Half Way Tree\\, St. Andrew' },
      DTSTART: { value: pending.startsAt.toISOString().replace(/[-:]/g, '').replace('.000', '') },
      URL: { value: `${t.env.publicUrl}/bookings#booking-${pending.id}` },
    });
    expect(events.get(uid(confirmed.id))?.STATUS.value).toBe('CONFIRMED');
    expect(events.get(uid(cancelledNow.id))?.STATUS.value).toBe('CANCELLED');
    expect(events.get(uid(declined.id))?.STATUS.value).toBe('CANCELLED');

    // The other family's feed has only theirs; the caregiver's has both, named by household.
    const theirFeed = eventsByUid((await api().fetch((await api().open(other)).path)).body);
    expect([...theirFeed.keys()]).toEqual([uid(theirs.id)]);
    const carerFeed = eventsByUid((await api().fetch((await api().open(carer)).path)).body);
    expect(carerFeed.get(uid(theirs.id))?.SUMMARY.value).toBe('Care for the Grants');
    expect(carerFeed.get(uid(confirmed.id))?.SUMMARY.value).toMatch(/^Care for the /);
    expect(carerFeed.has(uid(completed.id))).toBe(false);
  });

  it('gives a circle’s coordinator and payer its bookings (never the address), not a viewer or the caregiver before approval', async () => {
    const db = t.db;
    const carer = await t.signedInCaregiver({ user: { firstName: 'Shanique' } });
    const coordinator = await signedIn(db, { userType: 'family' });
    const circle = await createCircle(t.app, coordinator);
    const payer = await join(t.app, db, circle.id, coordinator, 'payer');
    const viewer = await join(t.app, db, circle.id, coordinator, 'viewer');
    const booked = await createBooking(db, {
      familyId: coordinator.user.id,
      caregiverId: carer.caregiver.id,
      date: addDays(today, 2),
      status: 'confirmed',
      circleId: circle.id,
    });
    const awaiting = await createBooking(db, {
      familyId: coordinator.user.id,
      caregiverId: carer.caregiver.id,
      date: addDays(today, 9),
      status: 'awaiting_approval',
      circleId: circle.id,
      approvalState: 'awaiting',
    });

    for (const who of [coordinator, payer]) {
      const { path } = await api().open(who);
      const body = (await api().fetch(path)).body;
      const events = eventsByUid(body);
      expect(events.get(uid(booked.id))).toMatchObject({
        SUMMARY: { value: 'Care with Shanique for Hyacinth' },
        LOCATION: { value: 'Mandeville\\, Manchester' },
        STATUS: { value: 'CONFIRMED' },
      });
      expect(events.get(uid(awaiting.id))?.STATUS.value).toBe('TENTATIVE');
      expect(body).not.toContain('Caledonia');
      expect(body).not.toContain('876-555');
    }
    const viewerFeed = eventsByUid((await api().fetch((await api().open(viewer)).path)).body);
    expect(viewerFeed.size).toBe(0);
    const carerBody = (await api().fetch((await api().open(carer)).path)).body;
    const carerFeed = eventsByUid(carerBody);
    expect(carerFeed.get(uid(booked.id))?.SUMMARY.value).toBe('Care for Hyacinth');
    expect(carerFeed.has(uid(awaiting.id))).toBe(false);
    expect(carerBody).not.toContain('Caledonia');
  });

  it('escapes names with commas and semicolons, and folds long lines', async () => {
    const carer = await t.signedInCaregiver({ user: { firstName: 'Ann, Marie; "Jr"' } });
    const family = await t.signedIn({
      userType: 'family',
      lastName: 'Smith; Jones, and a very long family name that will need folding',
    });
    const booking = await createBooking(t.db, {
      familyId: family.user.id,
      caregiverId: carer.caregiver.id,
      date: addDays(today, 1),
      status: 'confirmed',
    });
    const familyFeed = eventsByUid((await api().fetch((await api().open(family)).path)).body);
    expect(familyFeed.get(uid(booking.id))?.SUMMARY.value).toBe('Care with Ann\\, Marie\\; "Jr"');
    const carerRaw = (await api().fetch((await api().open(carer)).path)).body;
    expect(eventsByUid(carerRaw).get(uid(booking.id))?.SUMMARY.value).toBe(
      'Care for the Smith\\; Jones\\, and a very long family name that will need foldings',
    );
    expect(carerRaw).toMatch(/\r\n /);
    for (const line of carerRaw.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('stops the old URL at once when a new one is made, and every URL when the feed is turned off', async () => {
    const carer = await t.signedInCaregiver();
    const first = await api().open(carer);
    expect((await api().fetch(first.path)).statusCode).toBe(200);
    const second = await api().open(carer);
    expect(second.secret).not.toBe(first.secret);
    const old = await api().fetch(first.path);
    expect(old.statusCode).toBe(404);
    expect(old.json().code).toBe('NOT_FOUND');
    expect((await api().fetch(second.path)).statusCode).toBe(200);

    const off = await api().turnOff(carer);
    expect(off.statusCode).toBe(204);
    expect((await api().fetch(second.path)).statusCode).toBe(404);
    expect((await api().state(carer)).json()).toEqual({ active: false });
    expect((await api().turnOff(carer)).statusCode).toBe(204);
  });

  it('answers 404 to anything that is not a live feed, and to a suspended account’s feed', async () => {
    const family = await t.signedIn({ userType: 'family' });
    const { path, secret } = await api().open(family);
    for (const bad of [
      '/calendar/nonsense.ics',
      `/calendar/${secret}.txt`,
      `/calendar/${secret}`,
      `/calendar/${'A'.repeat(43)}.ics`,
      `/calendar/${encodeURIComponent(`${secret}\u0000`)}.ics`,
      `/calendar/${'x'.repeat(150)}.ics`,
    ]) {
      const res = await api().fetch(bad);
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
    }
    await t.db.update(users).set({ suspendedAt: clock }).where(eq(users.id, family.user.id));
    expect((await api().fetch(path)).statusCode).toBe(404);
  });

  it('exports whether the feed is on (never its secret), and a scrub removes it', async () => {
    const family = await t.signedIn({ userType: 'family' });
    const { secret } = await api().open(family);
    const exported = await t.injectAs(family, { method: 'GET', url: '/api/me/export' });
    expect(exported.json().calendarFeed).toEqual({ active: true, createdAt: clock.toISOString() });
    expect(exported.body).not.toContain(secret);
    expect(SCRUBBERS).toContain(calendarFeedPrivacy.scrub);
    await t.db.transaction((tx) => calendarFeedPrivacy.scrub(tx, family.user));
    expect((await api().state(family)).json()).toEqual({ active: false });
  });

  it('gives a caregiver their own time off from the availability feature, never another caregiver’s', async () => {
    const carer = await t.signedInCaregiver();
    const other = await t.signedInCaregiver();
    const away = (who: typeof carer, body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/caregivers/me/time-off',
        headers: who.headers,
        payload: body,
      });
    const mine = await away(carer, { from: '2026-12-24', to: '2026-12-26', note: 'Family in Ocho Rios' });
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = await away(other, {
      from: '2026-12-30',
      to: '2026-12-30',
      startTime: '13:00',
      endTime: '17:00',
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const { url } = (await api().create(carer)).json() as { url: string };
    const feed = await api().fetch(new URL(url).pathname);
    const events = eventsByUid(feed.body);
    expect(events.get(`timeoff-${mine.json().id}@yaadcare.jm`)).toMatchObject({
      SUMMARY: { value: 'Time off' },
      DTSTART: { value: '20261224', params: ';VALUE=DATE' },
      DTEND: { value: '20261227', params: ';VALUE=DATE' },
    });
    expect(events.has(`timeoff-${theirs.json().id}@yaadcare.jm`)).toBe(false);
    expect(feed.body).not.toContain('Ocho Rios');
  });

  it('adds confirmed meetings and a caregiver’s time off from their ports', async () => {
    const carer = await signedInCaregiver(t.db);
    const service = createCalendarFeedService({
      db: t.db,
      publicUrl: 'https://yaadcare.test',
      now: () => clock,
      bookingsOf: async () => [],
      meetingsOf: async (userId) =>
        userId === carer.user.id
          ? [
              {
                id: 11,
                startsAt: new Date('2026-12-02T15:00:00Z'),
                endsAt: new Date('2026-12-02T15:30:00Z'),
                title: 'Meet the Browns',
                mode: 'video',
              },
            ]
          : [],
      timeOffOf: async () => [
        { id: 21, from: '2026-12-24', to: '2026-12-26', note: 'Family in Ocho Rios' },
        { id: 22, from: '2026-12-31', to: '2026-12-31', startTime: '13:00', endTime: '17:00' },
      ],
    });
    const { url } = await service.create(carer.user.id);
    const body = await service.render(new URL(url).pathname.slice('/calendar/'.length));
    const events = eventsByUid(body);
    expect(events.get('meeting-11@yaadcare.jm')).toMatchObject({
      SUMMARY: { value: 'Meet the Browns' },
      DTSTART: { value: '20261202T150000Z' },
      DTEND: { value: '20261202T153000Z' },
      STATUS: { value: 'CONFIRMED' },
      DESCRIPTION: { value: 'Video call' },
    });
    expect(events.get('timeoff-21@yaadcare.jm')).toMatchObject({
      SUMMARY: { value: 'Time off' },
      DTSTART: { value: '20261224', params: ';VALUE=DATE' },
      DTEND: { value: '20261227', params: ';VALUE=DATE' },
      TRANSP: { value: 'OPAQUE' },
    });
    expect(events.get('timeoff-22@yaadcare.jm')).toMatchObject({
      DTSTART: { value: '20261231T180000Z' },
      DTEND: { value: '20261231T220000Z' },
      TRANSP: { value: 'OPAQUE' },
    });
    expect(body).not.toContain('Ocho Rios');
  });
});

describe.each(DB_KINDS)('calendar feed secrets in logs on %s', (kind) => {
  it('never writes a feed’s secret (or its hash) to the log: fetches, 404s and rotations', {
    timeout: 120_000,
  }, async () => {
    const { app, database, log } = await appWithMemoryLog(kind, { demoMode: false });
    try {
      const api = feedApi(app);
      const family = await signedIn(database.db, { userType: 'family' });
      const first = await api.open(family);
      expect((await api.fetch(first.path)).statusCode).toBe(200);
      const second = await api.open(family);
      expect((await api.fetch(first.path)).statusCode).toBe(404);
      expect((await api.fetch(`${second.path}?x=1`)).statusCode).toBe(200);
      const all = log();
      expect(all).toContain('/calendar/[redacted]');
      expect(all).toContain('/api/calendar/feed');
      for (const secret of [first.secret, second.secret]) {
        expect(all).not.toContain(secret);
        expect(all).not.toContain(hashToken(secret));
      }
    } finally {
      await app.close();
    }
  });
});
