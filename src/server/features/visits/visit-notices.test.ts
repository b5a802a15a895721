import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REALTIME_CHANNEL, type RealtimeEnvelope } from '../../core/realtime-bus';
import { mailOutbox, notifications } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { DB_KINDS } from '../../test/harness';
import { getPreferenceMatrix, setPreferenceMatrix } from '../notifications/preferences';
import { visitNoShowJob } from './jobs';
import { useVisitWorld } from './testing';

/** What the visit log tells people (ADR 0028): incidents at once, entries live, "no-show?" once. */
describe.each(DB_KINDS)('visit notices on %s', (kind) => {
  const { t, w, db, visit, cid, post } = useVisitWorld(kind);
  const P = w.people;
  const heard: RealtimeEnvelope[] = [];
  let stopListening: () => Promise<void>;
  beforeAll(async () => {
    stopListening = await t.database.listen(REALTIME_CHANNEL, (p) => heard.push(JSON.parse(p)));
  });
  afterAll(async () => stopListening?.());

  it('tells the family and every circle member of an incident at once, and pushes entries live to readers', async () => {
    const v = await visit({ circle: true });
    w.clock = v.at(0);
    // The viewer turns visit e-mails off (ADR 0036: visits are their own group, apart from bookings).
    const matrix = await getPreferenceMatrix(db(), P.viewer.user.id);
    await setPreferenceMatrix(db(), P.viewer.user.id, {
      ...matrix,
      visits: { ...matrix.visits, email: false },
    });
    await post(v.cg, v.id, 'check-in', { clientId: cid() });
    const res = await post(v.cg, v.id, 'log', {
      clientId: cid(),
      kind: 'incident',
      severity: 'high',
      text: 'Slipped in the bathroom, no injury',
    });
    expect(res.statusCode).toBe(201);
    const notices = await db().select().from(notifications).where(eq(notifications.kind, 'visit.incident'));
    expect(notices.map((x) => x.userId).sort()).toEqual(
      [P.coordinator.user.id, P.viewer.user.id, P.payer.user.id].sort(),
    );
    expect(notices[0].body).toMatch(
      /^Marcia C\. reported a serious incident during the visit on \w+, \d+ March, 9:00 AM–11:00 AM: “Slipped in the bathroom, no injury”$/,
    );
    const mailsTo = async (email: string) =>
      (await db().select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) =>
        m.subject.includes('incident'),
      );
    expect(await mailsTo(P.payer.user.email)).toHaveLength(1);
    expect(await mailsTo(P.viewer.user.email)).toHaveLength(0); // visit e-mails off: in-app only
    expect(await mailsTo(v.cg.user.email)).toHaveLength(0);

    await vi.waitFor(() => {
      const live = heard.filter((h) => h.event.type === 'visit_log' && h.event.bookingId === v.id);
      expect(live).toHaveLength(2);
      expect(live[1].to.sort()).toEqual(
        [v.cg.user.id, P.coordinator.user.id, P.viewer.user.id, P.payer.user.id].sort(),
      );
      expect(live[1].to).not.toContain(P.stranger.user.id);
    });
  });

  it('pushes an entry too large for a NOTIFY payload without it (readers fetch the log), never a 500', async () => {
    const v = await visit();
    w.clock = v.at(0);
    await post(v.cg, v.id, 'check-in', { clientId: cid() });
    const text = '\u0001'.repeat(2000); // six bytes each once escaped in JSON
    const res = await post(v.cg, v.id, 'log', { clientId: cid(), kind: 'incident', severity: 'low', text });
    expect(res.statusCode).toBe(201);
    await vi.waitFor(() => {
      const live = heard.filter((h) => h.event.type === 'visit_log' && h.event.bookingId === v.id);
      expect(live.map((h) => h.event.type === 'visit_log' && h.event.entry?.kind)).toEqual([
        'check_in',
        undefined,
      ]);
    });
  });

  it('sends "no-show?" once to the family and the caregiver when nobody checked in 15 minutes after the start', async () => {
    const missed = await visit();
    const present = await visit();
    w.clock = present.at(0);
    await post(present.cg, present.id, 'check-in', { clientId: cid() });
    const noticesOf = (userId: number) =>
      db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'visit.no_show')));

    await runJob(t.app, visitNoShowJob, missed.at(14));
    expect(await noticesOf(P.family.user.id)).toHaveLength(0);
    await runJob(t.app, visitNoShowJob, missed.at(16));
    const [toFamily] = await noticesOf(P.family.user.id);
    expect(toFamily.body).toContain('Marcia C. has not checked in for the visit on');
    const [toCaregiver] = await noticesOf(missed.cg.user.id);
    expect(toCaregiver.body).toMatch(
      /^Your visit for Paula \w\. on \w+, \d+ March, 9:00 AM–11:00 AM started 15 minutes ago/,
    );
    expect(await noticesOf(present.cg.user.id)).toHaveLength(0);
    await runJob(t.app, visitNoShowJob, missed.at(21));
    await runJob(t.app, visitNoShowJob, present.at(30));
    expect(await noticesOf(P.family.user.id)).toHaveLength(1);
    expect(await noticesOf(missed.cg.user.id)).toHaveLength(1);
  });
  it('tells the family side when the visit starts and ends, once each, with a link to the live log', async () => {
    const v = await visit({ circle: true });
    w.clock = v.at(-5);
    const checkIn = { clientId: cid() };
    await post(v.cg, v.id, 'check-in', checkIn);
    await post(v.cg, v.id, 'check-in', checkIn); // replayed from the phone's queue: no second notice
    w.clock = v.at(118);
    await post(v.cg, v.id, 'check-out', { clientId: cid() });
    const of = async (noticeKind: string) =>
      (await db().select().from(notifications).where(eq(notifications.kind, noticeKind))).filter(
        (x) => x.link === `/bookings/${v.id}/visit`,
      );
    const started = await of('visit.started');
    expect(started.map((x) => x.userId).sort()).toEqual(
      [P.coordinator.user.id, P.viewer.user.id, P.payer.user.id].sort(),
    );
    expect(started[0].body).toMatch(
      /^Marcia C\. checked in for the visit on \w+, \d+ March, 9:00 AM–11:00 AM\./,
    );
    const ended = await of('visit.ended');
    expect(ended).toHaveLength(3);
    expect(ended[0].body).toContain('Marcia C. checked out of the visit on');
    const mails = (await db().select().from(mailOutbox)).filter((m) =>
      m.text.includes(`/bookings/${v.id}/visit`),
    );
    // The viewer turned visit e-mails off in the first test; the caregiver and a stranger hear nothing.
    expect(mails.map((m) => m.to).sort()).toEqual(
      [P.coordinator.user.email, P.coordinator.user.email, P.payer.user.email, P.payer.user.email].sort(),
    );
  });
});
