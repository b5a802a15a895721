import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, notifications } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { DB_KINDS } from '../../test/harness';
import { completeVerification } from '../../test/verification';
import { JOBS } from '../../wiring/jobs';
import { policeRecordRemindersJob } from './jobs';
import { useAppWithFiles, verificationHelpers } from './testing';

const DAY = 86_400_000;
const daysAgoIso = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

describe.each(DB_KINDS)('the police record reminders job on %s', (kind) => {
  const t = useAppWithFiles(kind, 'yc-police-job-');
  const { signIn } = verificationHelpers(t);
  const renewalNotices = async (userId: number) =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).filter(
      (n) => n.kind === 'verification.police-record-renewal',
    );

  it('is in the job table, hourly', () => {
    expect(JOBS.filter((j) => j.name === 'verification.police-record-reminders')).toEqual([
      policeRecordRemindersJob,
    ]);
    expect(policeRecordRemindersJob.everyMs).toBe(60 * 60_000);
  });

  it('reminds once, 30 days before the record turns 12 months old, by the time the job is given', async () => {
    const carer = await signIn('caregiver');
    // Issued 300 days ago: it turns 12 months old in about 65 days, so it is due in about 35 days.
    expect(
      (await completeVerification(t.app, carer.h, { policeRecordIssuedAt: daysAgoIso(300) })).statusCode,
    ).toBe(200);
    const now = Date.now();

    expect(await runJob(t.app, policeRecordRemindersJob, new Date(now + 20 * DAY))).toMatchObject({
      ran: true,
    });
    expect(await renewalNotices(carer.user.id)).toHaveLength(0);

    const due = await runJob(t.app, policeRecordRemindersJob, new Date(now + 40 * DAY));
    expect(due.ran).toBe(true);
    expect((due.result as { reminded: number }).reminded).toBeGreaterThanOrEqual(1);
    expect(await renewalNotices(carer.user.id)).toHaveLength(1);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, carer.user.email));
    expect(mails.filter((m) => m.subject === 'Time to renew your police record')).toHaveLength(1);

    // Once per record, however often it runs.
    await runJob(t.app, policeRecordRemindersJob, new Date(now + 41 * DAY));
    expect(await renewalNotices(carer.user.id)).toHaveLength(1);
  });
});
