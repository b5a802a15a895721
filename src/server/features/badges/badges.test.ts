import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inAppNotices } from '../../core/in-app-notices';
import { badges, bookings, caregiverBadges, caregiverStats, notifications } from '../../db/schema';
import { BADGE_CATALOG } from '../../demo-data/badges';
import { insertBooking, transition } from '../../test/engagement';
import { createCaregiver, createUser } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { caregiverStatsService, measureResponseTimes } from '../caregiver-stats/service';
import { createBadgeEngine } from './engine';

/** The engine as services.ts builds it. */
const { evaluate: evaluateBadges } = createBadgeEngine({
  stats: { ensure: (tx, id) => caregiverStatsService.ensure(tx, id), measureResponseTimes },
  notices: inAppNotices,
});

describe.each(DB_KINDS)('badges on %s', (kind) => {
  const t = useTestApp(kind);
  let familyId: number;
  let catalog: (typeof badges.$inferSelect)[];
  const badgeId = (name: string) => catalog.find((b) => b.name === name)!.id;

  beforeAll(async () => {
    familyId = (await createUser(t.db)).id;
    catalog = await t.db.select().from(badges);
  });

  const rowsOf = (caregiverId: number) =>
    t.db.select().from(caregiverBadges).where(eq(caregiverBadges.caregiverId, caregiverId));
  const badgeNotes = async (userId: number) =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).filter(
      (n) => n.kind === 'badge',
    );

  it('seeds a catalog of at least 12 badges over all four rarities, each with a rule', () => {
    expect(catalog.length).toBe(BADGE_CATALOG.length);
    expect(catalog.length).toBeGreaterThanOrEqual(12);
    expect(new Set(catalog.map((b) => b.rarity))).toEqual(new Set(['common', 'rare', 'epic', 'legendary']));
    for (const name of [
      'First Booking',
      'Dedicated Carer',
      'Half Century',
      'Century of Care',
      'Perfect Five',
      'Quick Responder',
      'Week Streak',
      'Month Streak',
      '500 Hours of Care',
      'Profile Complete',
      'Verified Pro',
    ])
      expect(catalog.map((b) => b.name)).toContain(name);
  });

  it('awards First Booking once when the first booking completes, however often the events repeat', async () => {
    const c = await createCaregiver(t.db);
    const b = await insertBooking(t.db, { familyId, caregiverId: c.caregiver.id, status: 'confirmed' });
    await transition(t.app, b.id, 'completed', c.user.id);
    // The same event again, and a re-measure with nothing new.
    await transition(t.app, b.id, 'completed', c.user.id);
    await t.db.transaction((tx) => evaluateBadges(tx, c.caregiver.id, { now: new Date(), notify: true }));
    const first = (await rowsOf(c.caregiver.id)).filter((r) => r.badgeId === badgeId('First Booking'));
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ isCompleted: true, progress: 100 });
    const notes = await badgeNotes(c.user.id);
    expect(notes.filter((n) => n.title.includes('First Booking'))).toHaveLength(1);
    const [stats] = await t.db
      .select()
      .from(caregiverStats)
      .where(eq(caregiverStats.caregiverId, c.caregiver.id));
    const earned = (await rowsOf(c.caregiver.id)).filter((r) => r.isCompleted);
    expect(stats.badgePoints).toBe(
      earned.reduce((s, r) => s + catalog.find((b) => b.id === r.badgeId)!.points, 0),
    );
    expect(stats.badgePoints).toBeGreaterThanOrEqual(10);
  });

  it('awards once under concurrent evaluations', async () => {
    const c = await createCaregiver(t.db);
    await insertBooking(t.db, { familyId, caregiverId: c.caregiver.id, status: 'completed' });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        t.db.transaction((tx) => evaluateBadges(tx, c.caregiver.id, { now: new Date(), notify: true })),
      ),
    );
    const first = await t.db
      .select()
      .from(caregiverBadges)
      .where(
        and(
          eq(caregiverBadges.caregiverId, c.caregiver.id),
          eq(caregiverBadges.badgeId, badgeId('First Booking')),
        ),
      );
    expect(first).toHaveLength(1);
    expect((await badgeNotes(c.user.id)).filter((n) => n.title.includes('First Booking'))).toHaveLength(1);
  });

  it('keeps real progress (0–100) for the unearned badges, and never takes an earned one back', async () => {
    const c = await createCaregiver(t.db, { experience: 4 });
    for (let i = 0; i < 3; i++)
      await insertBooking(t.db, {
        familyId,
        caregiverId: c.caregiver.id,
        status: 'completed',
        startsAt: new Date(Date.now() - (i + 2) * 86_400_000),
        hours: 4,
      });
    await t.db.transaction((tx) => evaluateBadges(tx, c.caregiver.id, { now: new Date(), notify: true }));
    const progress = new Map((await rowsOf(c.caregiver.id)).map((r) => [r.badgeId, r]));
    expect(progress.get(badgeId('Getting Started'))).toMatchObject({
      progress: 60,
      isCompleted: false,
      earnedAt: null,
    });
    expect(progress.get(badgeId('Dedicated Carer'))?.progress).toBe(30);
    expect(progress.get(badgeId('Hard Worker'))?.progress).toBe(60);
    expect(progress.get(badgeId('Seasoned Veteran'))?.progress).toBe(40);
    expect(progress.get(badgeId('First Booking'))?.isCompleted).toBe(true);
    // The bookings go away (an admin correction): First Booking stays earned.
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.caregiverId, c.caregiver.id));
    await t.db.transaction((tx) => evaluateBadges(tx, c.caregiver.id, { now: new Date(), notify: true }));
    const after = new Map((await rowsOf(c.caregiver.id)).map((r) => [r.badgeId, r]));
    expect(after.get(badgeId('First Booking'))?.isCompleted).toBe(true);
    expect(after.get(badgeId('Getting Started'))?.progress).toBe(0);
  });

  it('awards Profile Complete and Verified Pro from the profile itself', async () => {
    const c = await createCaregiver(t.db, {
      user: { isVerified: true, profileImageUrl: '/api/avatars/x.svg' },
      skills: ['Infant Care'],
      availability: ['Weekdays'],
    });
    const earned = await t.db.transaction((tx) =>
      evaluateBadges(tx, c.caregiver.id, { now: new Date(), notify: true }),
    );
    expect(earned.map((e) => e.name).sort()).toEqual(['Profile Complete', 'Verified Pro']);
    const bare = await createCaregiver(t.db, { bio: null });
    const none = await t.db.transaction((tx) =>
      evaluateBadges(tx, bare.caregiver.id, { now: new Date(), notify: true }),
    );
    expect(none).toEqual([]);
  });
});
