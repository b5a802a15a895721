import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveries, meetings, notifications } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { meetingBusy } from './busy';
import { meetingRemindersJob } from './jobs';

const HOUR = 3_600_000;

/** The hour-before reminder (once, on the app's clock) and the meetingBusy port for free slots and feeds. */
describe.each(DB_KINDS)('meeting reminders and busy times on %s', (kind) => {
  const clock = new Date();
  const t = useTestApp(kind, {}, () => clock);
  const ahead = (hours: number) => new Date(Math.floor((clock.getTime() + hours * HOUR) / 60_000) * 60_000);

  async function confirmed(hoursAhead: number, mode: 'video' | 'phone' = 'video') {
    const family = await t.signedIn({ userType: 'family', firstName: 'Paula', lastName: 'Brown' });
    const carer = await t.signedInCaregiver({ user: { firstName: 'Marcia', lastName: 'Campbell' } });
    const time = ahead(hoursAhead);
    const res = await t.injectAs(family, {
      method: 'POST',
      url: '/api/meetings',
      payload: { caregiverId: carer.caregiver.id, mode, minutes: 30, proposedTimes: [time.toISOString()] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const ok = await t.injectAs(carer, {
      method: 'POST',
      url: `/api/meetings/${id}/accept`,
      payload: { time: time.toISOString() },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    return { family, carer, id, time, videoUrl: ok.json().videoUrl as string | undefined };
  }

  const reminders = async (userId: number) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'meeting.reminder')));

  it('reminds both parties an hour before, once, through the outbox; ended meetings become completed', async () => {
    const m = await confirmed(3);
    const run = (at: Date) => runJob(t.app, meetingRemindersJob, at);
    // Two hours before: nothing yet.
    await run(new Date(m.time.getTime() - 2 * HOUR));
    expect(await reminders(m.family.user.id)).toHaveLength(0);
    // Within the hour: both told, with the video link.
    const at = new Date(m.time.getTime() - 50 * 60_000);
    await run(at);
    await run(new Date(at.getTime() + 5 * 60_000)); // again: sent once
    const fam = await reminders(m.family.user.id);
    const cg = await reminders(m.carer.user.id);
    expect(fam).toHaveLength(1);
    expect(cg).toHaveLength(1);
    expect(fam[0].title).toBe('Reminder: meeting with Marcia C. in an hour');
    expect(cg[0].title).toBe('Reminder: meeting with Paula B. in an hour');
    expect(fam[0].body).toContain(m.videoUrl);
    const rows = await t.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.userId, m.family.user.id), eq(deliveries.kind, 'meeting.reminder')));
    expect(rows.length).toBeGreaterThan(0);
    // After the end: completed.
    await run(new Date(m.time.getTime() + 31 * 60_000));
    const [row] = await t.db.select().from(meetings).where(eq(meetings.id, m.id));
    expect(row.status).toBe('completed');
  });

  it('a meeting due within the hour is reminded once; a cancelled one never', async () => {
    const soon = await confirmed(2.5, 'phone');
    const gone = await confirmed(2.5, 'phone');
    expect(
      (await t.injectAs(gone.family, { method: 'POST', url: `/api/meetings/${gone.id}/cancel` })).statusCode,
    ).toBe(200);
    await runJob(t.app, meetingRemindersJob, new Date(soon.time.getTime() - 10 * 60_000));
    expect(await reminders(soon.family.user.id)).toHaveLength(1);
    expect(await reminders(gone.family.user.id)).toHaveLength(0);
  });

  it('meetingBusy: a caregiver’s confirmed meetings in a window, and a user’s meetings for a calendar', async () => {
    const m = await confirmed(30);
    const busy = meetingBusy(t.db);
    const from = new Date(m.time.getTime() - HOUR);
    const to = new Date(m.time.getTime() + HOUR);
    expect(await busy.busyOf(m.carer.caregiver.id, from, to)).toEqual([
      { startsAt: m.time, endsAt: new Date(m.time.getTime() + 30 * 60_000) },
    ]);
    // Outside the window, or another caregiver: nothing.
    expect(await busy.busyOf(m.carer.caregiver.id, to, new Date(to.getTime() + HOUR))).toEqual([]);
    // A request not yet accepted is not busy time.
    const other = await t.signedInCaregiver();
    await t.injectAs(m.family, {
      method: 'POST',
      url: '/api/meetings',
      payload: {
        caregiverId: other.caregiver.id,
        mode: 'phone',
        minutes: 15,
        proposedTimes: [m.time.toISOString()],
      },
    });
    expect(await busy.busyOf(other.caregiver.id, from, to)).toEqual([]);
    const forFamily = await busy.meetingsOf(m.family.user.id);
    expect(forFamily).toEqual([
      {
        id: m.id,
        startsAt: m.time,
        endsAt: new Date(m.time.getTime() + 30 * 60_000),
        title: 'Meeting with Marcia C. (30-minute video call)',
        mode: 'video',
      },
    ]);
    const forCarer = await busy.meetingsOf(m.carer.user.id);
    expect(forCarer.map((x) => x.title)).toEqual(['Meeting with Paula B. (30-minute video call)']);
    expect(await busy.meetingsOf(other.user.id)).toEqual([]);
  });
});
