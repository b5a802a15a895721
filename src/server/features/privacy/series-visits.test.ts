import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { accountDeletions, bookingSeries, visitContacts, visitEntries } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { postSeries, seriesAction, seriesBody } from '../booking-series/testing';
import { createCircle } from '../circles/testing';
import { scrubDeletedAccountsJob } from './job';

type Person = { headers: Record<string, string>; user: { id: number; email: string } };

/** An entry of the visit log as the caregiver's phone would have written it (the windows are tested in visits/). */
async function logEntry(db: Tx, bookingId: number, authorUserId: number, text: string, accuracy?: number) {
  const at = new Date();
  await db.insert(visitEntries).values({
    bookingId,
    kind: accuracy === undefined ? 'note' : 'check_in',
    clientId: `c-${bookingId}-${text.length}-${accuracy ?? 'n'}`,
    authorUserId,
    details: accuracy === undefined ? { text } : {},
    recordedAt: at,
    receivedAt: at,
    effectiveAt: at,
    locationAccuracyM: accuracy ?? null,
  });
}

/** Issue 19: booking series and the visit log in the privacy export, and what account deletion does to them. */
describe.each(DB_KINDS)('series and visit log in the export and deletion on %s', (kind) => {
  const t = useTestApp(kind);
  const exportOf = async (who: Person) => {
    const res = await t.injectAs(who, { method: 'GET', url: '/api/me/export' });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  async function world() {
    const family = await signedIn(t.db, { userType: 'family' });
    const neighbour = await signedIn(t.db, { userType: 'family' });
    const cg = await signedInCaregiver(t.db);
    const s = (
      await postSeries(t.app, family, seriesBody(cg.caregiver.id, { notes: 'Tom has asthma' }))
    ).json();
    expect((await seriesAction(t.app, cg, s.id, 'accept')).statusCode).toBe(200);
    const theirs = (
      await postSeries(
        t.app,
        neighbour,
        seriesBody(cg.caregiver.id, { startTime: '15:00', notes: 'Gate code 4471' }),
      )
    ).json();
    await logEntry(t.db, s.bookings[0].id, cg.user.id, 'Gave Tom his inhaler at 10');
    await logEntry(t.db, s.bookings[0].id, cg.user.id, '', 12);
    await logEntry(t.db, theirs.bookings[0].id, cg.user.id, 'Neighbour’s secret: key under the mat');
    return { family, neighbour, cg, s, theirs };
  }

  it('exports the family’s series and the log of their visits, never another family’s, nor the caregiver’s location', async () => {
    const { family, cg, s, theirs } = await world();
    const mine = await exportOf(family);
    expect(mine.bookingSeries).toEqual([
      expect.objectContaining({
        id: s.id,
        role: 'family',
        notes: 'Tom has asthma',
        weekdays: [1, 3, 5],
        bookingIds: s.bookings.map((b: { id: number }) => b.id),
        caregiver: expect.objectContaining({ caregiverId: cg.caregiver.id }),
      }),
    ]);
    expect(mine.visitLog.map((e: { kind: string }) => e.kind)).toEqual(['note', 'check_in']);
    expect(mine.visitLog[0]).toMatchObject({
      bookingId: s.bookings[0].id,
      details: { text: 'Gave Tom his inhaler at 10' },
      writtenBy: { id: cg.user.id },
      locationAccuracyM: null,
    });
    const text = JSON.stringify(mine);
    expect(text).not.toContain('key under the mat');
    expect(text).not.toContain('Gate code');
    expect(text).not.toContain(cg.user.email);

    // The caregiver: both series (theirs once it reached them), every entry they wrote, with their accuracy.
    const carer = await exportOf(cg);
    expect(carer.bookingSeries.map((x: { id: number; role: string }) => [x.id, x.role])).toEqual([
      [s.id, 'caregiver'],
      [theirs.id, 'caregiver'],
    ]);
    expect(carer.visitLog).toHaveLength(3);
    expect(carer.visitLog.find((e: { kind: string }) => e.kind === 'check_in')).toMatchObject({
      writtenBy: 'you',
      locationAccuracyM: 12,
    });
    expect(JSON.stringify(carer)).not.toContain(family.user.email);
  });

  it('exports the time every entry counts at, and the server’s record of contact with the user’s own phone only', async () => {
    const { family, cg, s } = await world();
    const at = new Date('2030-01-07T14:00:00Z');
    await t.db.insert(visitContacts).values({ bookingId: s.bookings[0].id, userId: cg.user.id, at });
    const carer = await exportOf(cg);
    expect(carer.visitContacts).toEqual([{ bookingId: s.bookings[0].id, at: at.toISOString() }]);
    for (const e of carer.visitLog) expect(e.effectiveAt).toEqual(expect.any(String));
    expect((await exportOf(family)).visitContacts).toEqual([]);
  });

  it('a circle series shows for its caregiver only once a visit reached them', async () => {
    const coordinator = await signedIn(t.db, { userType: 'family' });
    const circleId = (await createCircle(t.app, coordinator, { approvalRequired: true })).id;
    const cg = await signedInCaregiver(t.db);
    const s = await postSeries(t.app, coordinator, seriesBody(cg.caregiver.id, { circleId }));
    expect(s.statusCode).toBe(201);
    expect((await exportOf(cg)).bookingSeries).toEqual([]);
    expect((await exportOf(coordinator)).bookingSeries).toHaveLength(1);
  });

  it('deletion blanks a family’s own series notes and its visits’ words; the caregiver’s record stays', async () => {
    const { family, neighbour, s, theirs, cg } = await world();
    // A photo of the family's home in the log: its row and its file go with the scrub.
    const key = `visit-photos/${s.bookings[0].id}/${'ab'.repeat(16)}.webp`;
    await t.app.storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    await t.db.insert(visitEntries).values({
      bookingId: s.bookings[0].id,
      kind: 'photo',
      clientId: `photo-${s.bookings[0].id}`,
      authorUserId: cg.user.id,
      details: { caption: 'Tom in the yard', width: 10, height: 10 },
      storageKey: key,
      recordedAt: new Date(),
      receivedAt: new Date(),
      effectiveAt: new Date(),
    });
    await t.db
      .insert(accountDeletions)
      .values({ userId: family.user.id, scrubAfter: new Date(Date.now() - 1000) });
    await runJob(t.app, scrubDeletedAccountsJob, new Date());
    const [series] = await t.db.select().from(bookingSeries).where(eq(bookingSeries.id, s.id));
    expect(series.notes).toBeNull();
    const entries = await t.db
      .select()
      .from(visitEntries)
      .where(eq(visitEntries.bookingId, s.bookings[0].id));
    expect(entries).toHaveLength(2);
    expect(entries.some((e) => e.kind === 'photo')).toBe(false);
    expect(await t.app.storage.get(key)).toBeUndefined();
    expect(entries.map((e) => e.details)).toEqual([{}, {}]);
    expect(entries.find((e) => e.kind === 'check_in')?.locationAccuracyM).toBe(12);
    // The neighbour's series and log are untouched.
    const [other] = await t.db.select().from(bookingSeries).where(eq(bookingSeries.id, theirs.id));
    expect(other.notes).toBe('Gate code 4471');
    expect((await exportOf(neighbour)).visitLog[0].details.text).toContain('key under the mat');
  });
});
