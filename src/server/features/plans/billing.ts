import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import { chargeCard, recordCharge } from './charge';
import { billingNotice, NOTICES } from './notices';
import { monthlyCents, nextAnniversary, RENEWAL_NOTICE_MS, RETRY_DAYS, retryAt } from './periods';
import { planRepo, type SubscriptionRow } from './repo';
import { type PlanDeps, sendAll } from './service';

type Outcome = 'noticed' | 'renewed' | 'failed' | 'downgraded' | 'ended' | 'skipped';

/**
 * The renewal job (ADR 0037), on the app's clock: a renewal notice 3 days before the anniversary; on the
 * anniversary the plan ends (cancelled) or its card is charged, with a receipt; a refused charge is tried
 * again 1, 3 and 7 days after the anniversary, with a notice each time, then the account moves to Basic
 * (only the subscription row changes: favourites, bookings and everything else stay).
 */
export function createRenewalService(deps: PlanDeps) {
  const { db, provider, mailer, savedCards, publicUrl } = deps;

  const notice = (tx: Tx, s: SubscriptionRow, kind: string, n: { title: string; body: string }) =>
    billingNotice(tx, s.userId, kind, n.title, n.body, publicUrl);

  /** Charges the next period of `s` (locked in `tx`); the charge's outcome is recorded with it. */
  async function renew(tx: Tx, s: SubscriptionRow, at: Date): Promise<{ outcome: Outcome; mails: Mail[] }> {
    const plan = s.pendingPlan ?? s.plan;
    const cents = monthlyCents(plan);
    const start = s.currentPeriodEnd;
    const end = nextAnniversary(s.anchorAt, start);
    const attempt = s.status === 'past_due' ? s.retryCount + 1 : 0;
    const card = await savedCards.forCharging(tx, s.userId, s.savedCardId);
    const result = card
      ? await chargeCard(provider, card, cents, `plan-renewal-${s.id}-${start.getTime()}-${attempt}`)
      : ({ ok: false, code: 'card_declined', message: 'There is no saved card to charge.' } as const);
    await recordCharge(tx, {
      subscriptionId: s.id,
      userId: s.userId,
      plan,
      kind: 'renewal',
      cents,
      result,
      period: { start, end },
      at,
    });
    if (result.ok && card) {
      await planRepo.update(tx, s.id, {
        plan,
        pendingPlan: null,
        status: 'active',
        currentPeriodStart: start,
        currentPeriodEnd: end,
        retryCount: 0,
        nextRetryAt: null,
        savedCardId: card.id,
      });
      const mails = await notice(tx, s, 'receipt', NOTICES.receipt(plan, cents, card.last4, start, end));
      return { outcome: 'renewed', mails };
    }
    const reason = result.ok ? 'the card was refused' : result.message.replace(/\.$/, '');
    if (attempt >= RETRY_DAYS.length) {
      await planRepo.update(tx, s.id, { status: 'ended', nextRetryAt: null, endedAt: at });
      return { outcome: 'downgraded', mails: await notice(tx, s, 'downgraded', NOTICES.downgraded(s.plan)) };
    }
    const next = retryAt(start, attempt);
    await planRepo.update(tx, s.id, { status: 'past_due', retryCount: attempt, nextRetryAt: next });
    return {
      outcome: 'failed',
      mails: await notice(tx, s, 'renewal_failed', NOTICES.renewalFailed(plan, cents, reason, next)),
    };
  }

  /** One subscription's due work at `at`, in `tx` under its lock. */
  async function runOne(tx: Tx, id: number, at: Date): Promise<{ outcome: Outcome; mails: Mail[] }> {
    const s = await planRepo.lockById(tx, id);
    if (!s) return { outcome: 'skipped', mails: [] };
    if ((s.status === 'active' || s.status === 'past_due') && (await planRepo.accountDeleted(tx, s.userId))) {
      // A deleted account is never charged again nor written to: its plan ends here.
      await planRepo.update(tx, s.id, { status: 'cancelled', nextRetryAt: null, endedAt: at });
      return { outcome: 'ended', mails: [] };
    }
    if (s.status === 'past_due') {
      if (!s.nextRetryAt || s.nextRetryAt > at) return { outcome: 'skipped', mails: [] };
      return renew(tx, s, at);
    }
    if (s.status !== 'active') return { outcome: 'skipped', mails: [] };
    if (s.currentPeriodEnd <= at) {
      if (s.cancelAtPeriodEnd) {
        await planRepo.update(tx, s.id, { status: 'cancelled', endedAt: s.currentPeriodEnd });
        return { outcome: 'ended', mails: await notice(tx, s, 'ended', NOTICES.ended(s.plan)) };
      }
      return renew(tx, s, at);
    }
    const noticeDue = s.currentPeriodEnd.getTime() - at.getTime() <= RENEWAL_NOTICE_MS;
    const noticeSent = s.renewalNoticeFor?.getTime() === s.currentPeriodEnd.getTime();
    if (!noticeDue || noticeSent || s.cancelAtPeriodEnd) return { outcome: 'skipped', mails: [] };
    await planRepo.update(tx, s.id, { renewalNoticeFor: s.currentPeriodEnd });
    const plan = s.pendingPlan ?? s.plan;
    const n = NOTICES.renewalSoon(plan, monthlyCents(plan), s.currentPeriodEnd);
    return { outcome: 'noticed', mails: await notice(tx, s, 'renewal_soon', n) };
  }

  return {
    /** Every subscription with work due at `at`, each in its own transaction; stops when `signal` aborts. */
    async runRenewals(at: Date, signal?: AbortSignal) {
      const counts: Record<Outcome, number> = {
        noticed: 0,
        renewed: 0,
        failed: 0,
        downgraded: 0,
        ended: 0,
        skipped: 0,
      };
      const ids = await planRepo.dueIds(db, at, new Date(at.getTime() + RENEWAL_NOTICE_MS));
      for (const id of ids) {
        if (signal?.aborted) break;
        const { outcome, mails } = await db.transaction((tx) => runOne(tx, id, at));
        counts[outcome]++;
        await sendAll(mailer, mails);
      }
      return counts;
    },
  };
}
