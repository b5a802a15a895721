import { and, eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '../../adapters/mailer';
import { circleStatementMails, mailOutbox } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { circleStatementRows, circlesWithStatementRows } from '../bookings/service';
import { circleAccess } from '../circles/service';
import { setEmailPreferences, wantsEmail } from '../notifications/preferences';
import { monthlyStatementMailJob } from './monthly-mail';
import { createStatementService } from './service';
import { statementScenario } from './testing';

/** 1 Dec 2026 in Jamaica (UTC−5) at a given hour. */
const dec = (day: number, hour: number) => new Date(Date.UTC(2026, 11, day, hour + 5));

describe.each(DB_KINDS)('monthly statement e-mails on %s', (kind) => {
  const t = useTestApp(kind, {}, () => dec(1, 9));
  /** Statement mails only (the invitations that built the circle went to the same people). */
  const mailsTo = (...emails: string[]) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.to, emails), like(mailOutbox.subject, 'Your YaadCare statement%')))
      .orderBy(mailOutbox.id);
  const run = (at: Date) => runJob(t.app, monthlyStatementMailJob, at);

  it('sends last month’s statement to every payer on the 1st in Jamaica, once, and nothing to other members', async () => {
    const s = await statementScenario(t.app, t.db);
    const everyone = [s.payer, s.payer2, s.coordinator, s.viewer].map((p) => p.user.email);

    // 11:59 PM on 30 Nov in Jamaica (already 1 Dec in UTC): not yet.
    expect((await run(new Date('2026-12-01T04:59:00Z'))).result).toEqual({ month: null, sent: 0, failed: 0 });
    expect(await mailsTo(...everyone)).toHaveLength(0);

    const first = await run(dec(1, 0));
    expect(first.result).toMatchObject({ month: '2026-11', failed: 0 });
    const mails = await mailsTo(...everyone);
    expect(mails.map((m) => m.to).sort()).toEqual([s.payer.user.email, s.payer2.user.email].sort());
    // The stranger pays for their own circle, which had a visit in November: theirs went too.
    expect(await mailsTo(s.stranger.user.email)).toHaveLength(1);

    const simone = mails.find((m) => m.to === s.payer.user.email)!;
    expect(simone.subject).toBe('Your YaadCare statement for November 2026: Mummy in Mandeville');
    expect(simone.text).toContain('Hi Simone,');
    expect(simone.text).toContain('Times are Jamaica time.');
    expect(simone.text).toContain('- Tue 3 Nov, 9:00 AM – 1:00 PM: ');
    expect(simone.text).toContain('4 h, J$ 6,300 (Completed; Charged)');
    expect(simone.text).toContain('- Mon 30 Nov, 8:00 PM – 11:00 PM: Andrea Clarke, 3 h, J$ 3,150');
    expect(simone.text).toContain('4 visits, 9 hours: J$ 16,650, service fees of J$ 650 included.');
    // Her own currency only.
    expect(simone.text).toContain(
      '≈ C$146.57 at J$ 113.60 per C$ on 30 Nov 2026 — you are charged J$ 16,650',
    );
    expect(simone.text).not.toContain('GBP');
    expect(simone.text).toContain(
      `${t.env.publicUrl}/api/circles/${s.circleId}/statement?month=2026-11&format=csv`,
    );
    // Not the booking awaiting approval (19 Nov), the refused one (20 Nov) or any other left out.
    for (const day of ['18 Nov', '19 Nov', '20 Nov', '21 Nov', '24 Nov', '25 Nov', '31 Oct', '1 Dec']) {
      expect(simone.text).not.toContain(` ${day},`);
    }
    expect(simone.text.match(/^- /gm)).toHaveLength(4);
    const marcia = mails.find((m) => m.to === s.payer2.user.email)!;
    expect(marcia.text).toContain('No exchange rate is kept for GBP yet, so no estimate is shown.');

    // Later runs that day, the next days, and other months' first days send nothing more for November.
    for (const at of [dec(1, 0), dec(1, 15), dec(2, 8), dec(3, 23), dec(4, 0), dec(20, 12)]) {
      expect((await run(at)).result).toMatchObject({ sent: 0 });
    }
    expect(await mailsTo(...everyone)).toHaveLength(2);
    expect((await run(dec(4, 0))).result).toEqual({ month: null, sent: 0, failed: 0 });

    // The payer's data export says which statements were mailed to her, and when.
    const exported = await t.injectAs(s.payer, { method: 'GET', url: '/api/me/export' });
    expect(exported.json().circleStatementMails).toEqual([
      {
        circleId: s.circleId,
        circleName: 'Mummy in Mandeville',
        month: '2026-11',
        sentAt: dec(1, 0).toISOString(),
      },
    ]);
  });

  it('two instances running at once send each payer’s mail once', async () => {
    const s = await statementScenario(t.app, t.db);
    const payers = [s.payer.user.email, s.payer2.user.email];
    const service = t.app.services.statements;
    // The job's advisory lock lets one run at a time; the claim holds even without it.
    const at = dec(2, 6);
    const results = await Promise.all([
      service.sendMonthlyStatements(at),
      service.sendMonthlyStatements(at),
      run(at),
    ]);
    expect(results).toHaveLength(3);
    const mails = await mailsTo(...payers);
    expect(mails.map((m) => m.to).sort()).toEqual([...payers].sort());
    const claims = await t.db
      .select()
      .from(circleStatementMails)
      .where(eq(circleStatementMails.circleId, s.circleId));
    expect(claims.map((c) => c.month)).toEqual(['2026-11', '2026-11']);
    expect(claims.every((c) => c.sentAt.getTime() === at.getTime())).toBe(true);
  });

  it('a mail that could not be sent is sent by the next run, and only that one', async () => {
    const s = await statementScenario(t.app, t.db);
    const failFor = new Set([s.payer2.user.email]);
    const sent: Mail[] = [];
    const flaky: Mailer = {
      kind: 'smtp',
      async send(mail) {
        if (failFor.has(mail.to)) throw new Error('SMTP 451: try again later');
        sent.push(mail);
      },
    };
    const service = createStatementService({
      db: t.db,
      mailer: flaky,
      publicUrl: 'https://yaadcare.example',
      fxRates: t.app.services.fxRates,
      bookings: { circleStatementRows, circlesWithStatementRows },
      circles: circleAccess,
      wantsEmail,
      now: () => dec(1, 9),
    });
    const first = await service.sendMonthlyStatements(dec(1, 10));
    expect(first.failed).toBeGreaterThanOrEqual(1);
    expect(sent.filter((m) => m.to === s.payer.user.email)).toHaveLength(1);
    const noClaim = await t.db
      .select()
      .from(circleStatementMails)
      .where(
        and(eq(circleStatementMails.circleId, s.circleId), eq(circleStatementMails.userId, s.payer2.user.id)),
      );
    expect(noClaim).toEqual([]);

    failFor.clear();
    const second = await service.sendMonthlyStatements(dec(1, 11));
    expect(second).toMatchObject({ failed: 0 });
    expect(sent.filter((m) => m.to === s.payer.user.email)).toHaveLength(1);
    const marcia = sent.filter((m) => m.to === s.payer2.user.email);
    expect(marcia).toHaveLength(1);
    expect(marcia[0].text).toContain('https://yaadcare.example/circles/');
  });

  it('a payer who turned booking e-mails off gets none; a circle with nothing counted gets none', async () => {
    const s = await statementScenario(t.app, t.db);
    await setEmailPreferences(t.db, s.payer.user.id, {
      messages: true,
      bookings: false,
      reviews: true,
      support: true,
    });
    await run(dec(1, 1));
    expect(await mailsTo(s.payer.user.email)).toHaveLength(0);
    expect(await mailsTo(s.payer2.user.email)).toHaveLength(1);
    // October had only a visit of the other month's end… in this circle, 31 Oct: a statement on 1 Nov.
    const november = await runJob(t.app, monthlyStatementMailJob, new Date('2026-11-01T05:00:00Z'));
    expect(november.result).toMatchObject({ month: '2026-10' });
    expect(await mailsTo(s.payer2.user.email)).toHaveLength(2);
    // September: nothing counted anywhere, nothing sent.
    const october = await runJob(t.app, monthlyStatementMailJob, new Date('2026-10-01T05:00:00Z'));
    expect(october.result).toEqual({ month: '2026-09', sent: 0, failed: 0 });
  });
});
