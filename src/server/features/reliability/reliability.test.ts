import { describe, expect, it } from 'vitest';
import { NEUTRAL_RELIABILITY, reliabilityWords } from '../../../shared/reliability';
import { runJob } from '../../jobs/scheduler';
import { createCaregiver, createUser } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { reliabilityRecomputeAllJob, reliabilityRefreshJob } from './jobs';
import { reliabilityService } from './service';
import { type PastVisit, pastEmergency, pastVisit, reliabilityForTests } from './testing';

const HOUR = 3_600_000;
/** The made-up history is judged at noon in Jamaica on 15 June 2027. */
const AT = new Date('2027-06-15T17:00:00Z');

/**
 * The reliability record (ADR 0035) counted from a made-up history: each rule, the 12-month edge on a
 * controlled clock, cancellations that do not count (family, unpaid, emergency), and the rank.
 */
describe.each(DB_KINDS)('reliability records on %s', (kind) => {
  const t = useTestApp(kind);

  async function people(parish = 'Kingston') {
    const family = await createUser(t.db, { userType: 'family', parish });
    const { user, caregiver } = await createCaregiver(t.db);
    const visit = (v: Omit<PastVisit, 'familyId' | 'caregiverId' | 'caregiverUserId'>) =>
      pastVisit(t.db, { familyId: family.id, caregiverId: caregiver.id, caregiverUserId: user.id, ...v });
    const record = async (at = AT) => {
      await reliabilityForTests.refresh(t.db, [caregiver.id], at);
      return reliabilityService.recordOf(t.db, caregiver.id);
    };
    return { family, user, caregiver, visit, record };
  }

  it('counts kept visits, on-time check-ins, late cancellations and missed visits by their rules', async () => {
    const p = await people();
    await p.visit({ date: '2027-05-01', status: 'completed', checkIn: 5 }); // kept, on time
    await p.visit({ date: '2027-05-02', status: 'completed', checkIn: 15 }); // kept, late check-in
    await p.visit({ date: '2027-05-03', status: 'completed', checkIn: 10 }); // kept, on time (the edge)
    await p.visit({ date: '2027-06-14', status: 'confirmed', checkIn: -5 }); // ended, not yet completed: kept
    await p.visit({ date: '2026-10-01', status: 'completed' }); // before check-in existed: kept, no check-in
    await p.visit({ date: '2027-05-04', status: 'completed' }); // no check-in since it existed: missed
    await p.visit({ date: '2027-05-05', status: 'cancelled', cancel: { by: 'caregiver', hoursBefore: 2 } }); // late
    await p.visit({ date: '2027-05-06', status: 'cancelled', cancel: { by: 'caregiver', hoursBefore: 30 } });
    await p.visit({ date: '2027-05-07', status: 'cancelled', cancel: { by: 'family', hoursBefore: 2 } });
    await p.visit({
      date: '2027-05-08',
      status: 'cancelled',
      cancel: { by: 'system', hoursBefore: 24, reason: 'unpaid' },
    });
    await p.visit({
      date: '2027-05-09',
      status: 'cancelled',
      cancel: { by: 'caregiver', hoursBefore: 2, from: 'pending' },
    }); // a request, never confirmed
    await p.visit({
      date: '2027-05-10',
      status: 'cancelled',
      cancel: { by: 'family', hoursBefore: -0.5 },
      noticeAfter: 15,
    }); // cancelled after the no-show notice: missed
    await p.visit({
      date: '2027-05-11',
      status: 'cancelled',
      cancel: { by: 'system', hoursBefore: -0.3, reason: 'no_show' },
    }); // replaced by a backup 20 minutes in, before any notice (ADR 0034): missed
    await p.visit({ date: '2027-06-20', status: 'confirmed' }); // not yet happened
    await p.visit({ date: '2027-06-15', status: 'confirmed' }); // today 9–11 AM, ended an hour ago with no check-in: missed
    const r = await p.record();
    expect(r).toMatchObject({
      completed: 5,
      checkIns: 4,
      onTimeCheckIns: 3,
      lateCancellations: 1,
      noShows: 4,
      windowMonths: 12,
      computedAt: AT.toISOString(),
    });
    expect(reliabilityWords(r)).toEqual({
      visits: 'Completed 5 of 10 visits, cancelled 1 late, missed 4',
      onTime: 'On time for 3 of 4 check-ins',
    });
    expect(r.score).toBeCloseTo((5 + 9) / (10 + 10), 4);
  });

  it('counts a visit within 12 months and drops it when the window slides past it', async () => {
    const p = await people();
    // Starts 9:00 AM Jamaica (14:00Z) on 15 June 2026: 12 months before the clock minus 1 hour.
    await p.visit({ date: '2026-06-15', status: 'completed', checkIn: 0 });
    const inside = new Date('2027-06-15T13:00:00Z');
    expect((await p.record(inside)).completed).toBe(1);
    const past = new Date('2027-06-15T14:00:00Z');
    expect(await p.record(past)).toMatchObject({ completed: 0, checkIns: 0 });
    expect(reliabilityWords(await p.record(past)).visits).toBe('New to YaadCare: no visits yet');
  });

  it('excuses a late cancellation a declared parish emergency covered when it was made, and only that', async () => {
    const p = await people('St. Thomas');
    const covered = await p.visit({
      date: '2027-05-05',
      status: 'cancelled',
      cancel: { by: 'caregiver', hoursBefore: 3 },
    });
    // In force when it was cancelled; ended by an admin later: still excused.
    await pastEmergency(t.db, {
      parishes: ['St. Thomas', 'Portland'],
      startsAt: new Date(covered.startsAt.getTime() - 24 * HOUR),
      endsAt: new Date(covered.endsAt.getTime() + 24 * HOUR),
      declaredAt: new Date(covered.startsAt.getTime() - 30 * HOUR),
      endedAt: new Date(covered.endsAt.getTime() + HOUR),
    });
    // Declared only after this one was cancelled: it counts.
    const before = await p.visit({
      date: '2027-04-05',
      status: 'cancelled',
      cancel: { by: 'caregiver', hoursBefore: 3 },
    });
    await pastEmergency(t.db, {
      parishes: ['St. Thomas'],
      startsAt: new Date(before.startsAt.getTime() - 24 * HOUR),
      endsAt: new Date(before.endsAt.getTime() + 24 * HOUR),
      declaredAt: new Date(before.startsAt.getTime() - 1 * HOUR),
    });
    // Another parish's emergency covers nothing here.
    const elsewhere = await p.visit({
      date: '2027-03-05',
      status: 'cancelled',
      cancel: { by: 'caregiver', hoursBefore: 3 },
    });
    await pastEmergency(t.db, {
      parishes: ['Kingston'],
      startsAt: new Date(elsewhere.startsAt.getTime() - 24 * HOUR),
      endsAt: new Date(elsewhere.endsAt.getTime() + 24 * HOUR),
      declaredAt: new Date(elsewhere.startsAt.getTime() - 30 * HOUR),
    });
    expect(await p.record()).toMatchObject({ lateCancellations: 2, completed: 0 });
  });

  it('ranks by the stored score: a long good record, a short one, the newcomer (neutral), a poor one', async () => {
    const good = await people();
    for (let d = 1; d <= 20; d++) {
      await good.visit({ date: `2027-03-${String(d).padStart(2, '0')}`, status: 'completed', checkIn: 0 });
    }
    await good.visit({
      date: '2027-04-01',
      status: 'cancelled',
      cancel: { by: 'caregiver', hoursBefore: 1 },
    });
    const short = await people();
    await short.visit({ date: '2027-03-01', status: 'completed', checkIn: 0 });
    const poor = await people();
    await poor.visit({ date: '2027-03-01', status: 'completed', checkIn: 0 });
    await poor.visit({ date: '2027-03-02', status: 'completed' });
    const fresh = await people();
    const ids = [poor, fresh, short, good].map((p) => p.caregiver.id);
    await reliabilityForTests.refresh(t.db, ids, AT);
    const rank = await reliabilityService.rankOf(t.db, [...ids, 999_999]);
    expect(rank.get(fresh.caregiver.id)).toBe(NEUTRAL_RELIABILITY);
    expect(rank.get(999_999)).toBe(NEUTRAL_RELIABILITY);
    const order = [...ids].sort((a, b) => (rank.get(b) ?? 0) - (rank.get(a) ?? 0));
    expect(order).toEqual([good, short, fresh, poor].map((p) => p.caregiver.id));
    expect(await reliabilityService.rankOf(t.db, [])).toEqual(new Map());
  });

  it('refreshes the caregivers touched lately by job, and everyone with the daily job', async () => {
    const p = await people();
    // A visit that ended 10 minutes before the run, with no check-in: missed, with no booking event at all.
    await p.visit({ date: '2027-06-15', status: 'confirmed' });
    const run = new Date('2027-06-15T16:10:00Z');
    await runJob(t.app, reliabilityRefreshJob, run);
    expect(await reliabilityService.recordOf(t.db, p.caregiver.id)).toMatchObject({
      noShows: 1,
      computedAt: run.toISOString(),
    });
    // A year and a day later only the daily job sees the window slide past it.
    const later = new Date('2028-06-16T16:10:00Z');
    await runJob(t.app, reliabilityRefreshJob, later);
    expect((await reliabilityService.recordOf(t.db, p.caregiver.id)).noShows).toBe(1);
    await runJob(t.app, reliabilityRecomputeAllJob, later);
    expect(await reliabilityService.recordOf(t.db, p.caregiver.id)).toMatchObject({
      noShows: 0,
      score: NEUTRAL_RELIABILITY,
    });
  });
});
