import type { StatementView } from '../../../shared/contracts/statements';
import { formatJmd, toCents } from '../../../shared/money';
import { jamaicaToday, previousMonth } from '../../../shared/time';
import type { Mail } from '../../adapters/mailer';
import type { Job } from '../../jobs/scheduler';
import type { StatementContext } from './context';
import { statementRepo } from './repo';

/**
 * Last month's statements go out on the 1st in Jamaica; the 2nd and 3rd catch up with any circle a run
 * missed (servers down over the 1st). Later in the month nothing is sent: a statement that late is news to
 * nobody, and it is always there to download.
 */
export const STATEMENT_MAIL_LAST_DAY = 3;

const weekdayDay = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

const jmd = (decimal: string) => formatJmd(toCents(decimal));

/** The statement e-mail to one payer: the visits, the totals, their estimate, and where to download it. */
export function statementMail(
  s: StatementView,
  to: { email: string; firstName: string },
  publicUrl: string,
): Mail {
  const t = s.totals;
  const lines = s.lines.map(
    (l) =>
      `- ${weekdayDay(l.date)}, ${l.time}: ${l.caregiver}, ${l.hours} h, ${jmd(l.total)} (${l.statusLabel}; ${l.paymentStatus})`,
  );
  const estimates = [
    ...s.estimates.map((e) => e.text),
    ...s.missingRates.map((c) => `No exchange rate is kept for ${c} yet, so no estimate is shown.`),
  ];
  const csvUrl = `${publicUrl}/api/circles/${s.circleId}/statement?month=${s.month}&format=csv`;
  return {
    to: to.email,
    subject: `Your YaadCare statement for ${s.monthLabel}: ${s.circleName}`,
    text: [
      `Hi ${to.firstName},`,
      '',
      `Here is the ${s.monthLabel} statement of ${s.circleName}, care for ${s.recipientFirstName}. Times are Jamaica time.`,
      '',
      ...lines,
      '',
      `${t.visits} ${t.visits === 1 ? 'visit' : 'visits'}, ${t.hours} hours: ${jmd(t.total)}, service fees of ${jmd(t.serviceFee)} included.`,
      `Completed: ${jmd(t.completed)}. Late-cancellation fees: ${jmd(t.lateCancellationFees)}. Still to come or to complete: ${jmd(t.notYetCompleted)}.`,
      ...estimates,
      '',
      s.counts,
      '',
      `Download it as a spreadsheet (CSV; sign in to YaadCare first): ${csvUrl}`,
      `See the circle: ${publicUrl}/circles/${s.circleId}`,
      '',
      `You get this e-mail as a payer of ${s.circleName}. You can turn booking e-mails off in your settings: ${publicUrl}/settings`,
      '',
      '— YaadCare',
    ].join('\n'),
  };
}

/**
 * The monthly statement e-mail to every payer of every circle with counted bookings last month. Each payer's
 * mail is claimed first (a row per circle, month and payer): whichever instance or run claims it sends it,
 * and no other ever does; a mail that fails is released for the next run. A crash between the claim and the
 * send loses that one mail rather than risking it twice; the statement stays downloadable.
 */
export function monthlyStatementMails(ctx: StatementContext) {
  const { db, mailer, publicUrl, circles, wantsEmail } = ctx;
  const { circlesWithStatementRows } = ctx.bookings;
  return {
    async sendMonthlyStatements(
      now: Date,
      signal?: AbortSignal,
    ): Promise<{ month: string | null; sent: number; failed: number }> {
      const today = jamaicaToday(now);
      if (Number(today.slice(8, 10)) > STATEMENT_MAIL_LAST_DAY) return { month: null, sent: 0, failed: 0 };
      const month = previousMonth(today.slice(0, 7));
      let sent = 0;
      let failed = 0;
      for (const circleId of await circlesWithStatementRows(db, month)) {
        if (signal?.aborted) break;
        const circle = await circles.find(db, circleId);
        if (!circle) continue;
        const payers = (await circles.members(db, circleId)).filter((m) => m.roles.includes('payer'));
        for (const payer of payers) {
          if (signal?.aborted) break;
          if (!(await wantsEmail(db, payer.userId, 'bookings'))) continue;
          const key = { circleId, month, userId: payer.userId };
          if (!(await statementRepo.claimMail(db, { ...key, sentAt: now }))) continue;
          try {
            const [currency] = (await statementRepo.currenciesOf(db, [payer.userId])).values();
            const statement = await ctx.compose(db, circle, month, [currency ?? 'JMD']);
            await mailer.send(statementMail(statement, payer, publicUrl));
            sent += 1;
          } catch {
            await statementRepo.releaseMail(db, key);
            failed += 1;
          }
        }
      }
      return { month, sent, failed };
    },
  };
}

/** Hourly; sends only on the first days of a Jamaica month (see STATEMENT_MAIL_LAST_DAY), once per payer. */
export const monthlyStatementMailJob: Job = {
  name: 'circles.monthly-statements',
  everyMs: 60 * 60_000,
  run: ({ app, now, signal }) => app.services.statements.sendMonthlyStatements(now, signal),
};
