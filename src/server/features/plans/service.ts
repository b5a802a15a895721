import type { z } from 'zod';
import {
  type ChangePlanRequest,
  PLAN_MESSAGES,
  type PlanList,
  type SubscribeRequest,
  type SubscriptionSummary,
  type SubscriptionView,
} from '../../../shared/contracts/plans';
import type { FeatureGate, PlanFeature } from '../../../shared/plan-features';
import { PAID_PLAN_IDS, PLANS, PRIORITY_REPLY_BUSINESS_HOURS, planOf } from '../../../shared/pricing';
import type { Mail, Mailer } from '../../adapters/mailer';
import type { AuthorizeResult, PaymentProvider } from '../../adapters/payments';
import type { Db, Tx } from '../../db/client';
import { AppError, conflict, forbidden, isUniqueViolation, notFound, retryTransient } from '../../errors';
import type { SessionUser } from '../auth';
import type { SavedCardService } from '../payments';
import { chargeCard, recordCharge } from './charge';
import { billingNotice, NOTICES } from './notices';
import { anniversary, monthlyCents, proratedCents, RETRY_WINDOW_MS } from './periods';
import { planRepo, type SubscriptionRow } from './repo';

type Actor = Pick<SessionUser, 'id' | 'userType'>;
type DeclinedResult = Extract<AuthorizeResult, { ok: false }>;

export interface PlanDeps {
  db: Db;
  provider: PaymentProvider;
  mailer: Mailer;
  savedCards: SavedCardService;
  publicUrl: string;
  now: () => Date;
}

/** A refused card: 402 with the provider's reason (CARD_DECLINED or CARD_INSUFFICIENT_FUNDS). */
export function declined(result: Extract<AuthorizeResult, { ok: false }>): AppError {
  if (result.code === 'token_invalid')
    return new AppError(400, result.message, { code: 'CARD_TOKEN_INVALID' });
  const code = result.code === 'insufficient_funds' ? 'CARD_INSUFFICIENT_FUNDS' : 'CARD_DECLINED';
  return new AppError(402, result.message, { code });
}

/** Whether a subscription row unlocks its plan at `at` (ADR 0037): paid, or past due within the retries. */
export function unlocksAt(s: SubscriptionRow, at: Date): boolean {
  if (s.status === 'active') return !s.cancelAtPeriodEnd || at < s.currentPeriodEnd;
  if (s.status === 'past_due') return at.getTime() < s.currentPeriodEnd.getTime() + RETRY_WINDOW_MS;
  return false;
}

export async function sendAll(mailer: Mailer, mails: Mail[]) {
  for (const m of mails) await mailer.send(m).catch(() => undefined);
}

/**
 * Plans and billing (issue 21, ADR 0037): the catalogue, subscribing with a saved card, upgrades at once
 * with a prorated charge, downgrades and cancellation at the period end, and the FeatureGate every gated
 * feature is given. Families only; a family sees and changes only its own plan.
 */
export function createPlanService(deps: PlanDeps) {
  const { db, provider, mailer, savedCards, publicUrl, now } = deps;

  const familyOnly = (actor: Actor) => {
    if (actor.userType !== 'family') throw forbidden('Plans are for family accounts.');
  };

  async function view(userId: number, s: SubscriptionRow | undefined): Promise<SubscriptionView> {
    const at = now();
    if (!s || !unlocksAt(s, at)) {
      return {
        plan: 'basic',
        status: 'none',
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        pendingPlan: null,
        nextRetryAt: null,
        card: null,
        unlocks: [],
      };
    }
    const card = await savedCards.forCharging(db, userId, s.savedCardId);
    return {
      plan: s.plan,
      status: s.status === 'past_due' ? 'past_due' : 'active',
      currentPeriodEnd: s.currentPeriodEnd.toISOString(),
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      pendingPlan: s.pendingPlan,
      nextRetryAt: s.nextRetryAt?.toISOString() ?? null,
      card: card ? { brand: card.brand, last4: card.last4 } : null,
      unlocks: [...planOf(s.plan).unlocks],
    };
  }

  const gate: FeatureGate = {
    async allows(userId: string, feature: PlanFeature) {
      const id = Number(userId);
      if (!Number.isInteger(id)) return false;
      const s = await planRepo.live(db, id);
      return !!s && unlocksAt(s, now()) && planOf(s.plan).unlocks.includes(feature);
    },
  };

  return {
    gate,

    catalogue(): PlanList {
      return {
        plans: PLANS.map((p) => ({ ...p, unlocks: [...p.unlocks], features: [...p.features] })),
        priorityReplyBusinessHours: PRIORITY_REPLY_BUSINESS_HOURS,
      };
    },

    async me(actor: Actor): Promise<SubscriptionView> {
      familyOnly(actor);
      return view(actor.id, await planRepo.live(db, actor.id));
    },

    /**
     * Subscribes: the card (a new one from the hosted fields, saved; or a saved one) is charged the first
     * month now. A refused card answers 402 and leaves nothing behind (a card saved for it is removed).
     *
     * One intent, one charge (ADR 0042): the family's row is locked and "no live plan" checked again inside
     * the transaction that charges, and the provider key is derived from the intent, so a twin request
     * waits, then answers 409 (alreadySubscribed) without asking the provider.
     */
    async subscribe(actor: Actor, input: z.output<typeof SubscribeRequest>): Promise<SubscriptionView> {
      familyOnly(actor);
      // A fast answer for the common repeat; the same check runs again under the lock below.
      if (await planRepo.live(db, actor.id)) throw conflict(PLAN_MESSAGES.alreadySubscribed);
      const saved = input.paymentToken
        ? await savedCards.save(actor, { paymentToken: input.paymentToken })
        : undefined;
      const cardId = saved?.id ?? input.paymentMethodId ?? null;
      const cents = monthlyCents(input.plan);
      let charged: string | undefined;
      let outcome: { row: SubscriptionRow; mails: Mail[] } | { refused: DeclinedResult };
      try {
        outcome = await retryTransient(() =>
          db.transaction(async (tx) => {
            charged = undefined;
            await planRepo.lockUser(tx, actor.id);
            if (await planRepo.live(tx, actor.id)) throw conflict(PLAN_MESSAGES.alreadySubscribed);
            const card = cardId === null ? undefined : await savedCards.forCharging(tx, actor.id, cardId);
            if (!card || card.id !== cardId) throw notFound(PLAN_MESSAGES.cardNotFound);
            // Every earlier first charge of the family (a refused try, or a plan that since ended) moves the
            // attempt on: a retry after a top-up, or a new plan next year, is a new intent; a twin is not.
            const attempt = await planRepo.attempts(tx, { userId: actor.id, kind: 'first' });
            const key = `plan-subscribe:${actor.id}:${input.plan}:${card.id}:${attempt}`;
            const result = await chargeCard(provider, card, cents, key);
            const at = now();
            if (!result.ok) {
              // A card typed in for this plan is removed below and nothing is kept; a saved card's refusal
              // is recorded, so that trying it again (after a top-up) is the next attempt, not a replay.
              if (!saved) {
                await recordCharge(tx, {
                  subscriptionId: null,
                  userId: actor.id,
                  plan: input.plan,
                  kind: 'first',
                  cents,
                  result,
                  at,
                });
              }
              return { refused: result };
            }
            charged = result.providerRef;
            const end = anniversary(at, 1);
            const row = await planRepo.insert(tx, {
              userId: actor.id,
              plan: input.plan,
              status: 'active',
              anchorAt: at,
              currentPeriodStart: at,
              currentPeriodEnd: end,
              savedCardId: card.id,
              createdAt: at,
            });
            const period = { start: at, end };
            await recordCharge(tx, {
              subscriptionId: row.id,
              userId: actor.id,
              plan: input.plan,
              kind: 'first',
              cents,
              result,
              period,
              at,
            });
            const n = NOTICES.started(input.plan, cents, card.last4, end);
            return { row, mails: await billingNotice(tx, actor.id, 'started', n.title, n.body, publicUrl) };
          }),
        );
      } catch (err) {
        // Nothing half-way: the money goes back when the plan could not be written.
        if (charged) await provider.refund(charged, cents, `${charged}:refund`).catch(() => undefined);
        if (isUniqueViolation(err, 'subscriptions_one_live')) throw conflict(PLAN_MESSAGES.alreadySubscribed);
        throw err;
      }
      if ('refused' in outcome) {
        if (saved) await savedCards.remove(actor, saved.id);
        throw declined(outcome.refused);
      }
      await sendAll(mailer, outcome.mails);
      return view(actor.id, outcome.row);
    },

    /**
     * Changes plan: an upgrade at once, charging the difference for the rest of the period; a downgrade at
     * the period end. Choosing the current plan again undoes a pending downgrade or a cancellation.
     *
     * Everything is decided on the subscription's row locked in the transaction that charges (ADR 0042):
     * a twin of an upgrade finds the plan already changed and answers 409 (samePlan), never a second
     * charge; a twin of a downgrade answers the state the first one set, without a second notice.
     */
    async changePlan(actor: Actor, input: z.output<typeof ChangePlanRequest>): Promise<SubscriptionView> {
      familyOnly(actor);
      const rank = (p: string) => PAID_PLAN_IDS.indexOf(p as never);
      let charged: { ref: string; cents: number } | undefined;
      let outcome: { row: SubscriptionRow; mails: Mail[] } | { refused: DeclinedResult };
      try {
        outcome = await retryTransient(() =>
          db.transaction(async (tx) => {
            charged = undefined;
            const s = await planRepo.live(tx, actor.id, true);
            const at = now();
            if (!s || !unlocksAt(s, at)) throw notFound(PLAN_MESSAGES.noPlan);
            if (input.plan === s.plan) {
              if (!s.pendingPlan && !s.cancelAtPeriodEnd) throw conflict(PLAN_MESSAGES.samePlan);
              const row = await planRepo.update(tx, s.id, { pendingPlan: null, cancelAtPeriodEnd: false });
              return { row, mails: [] };
            }
            if (rank(input.plan) < rank(s.plan)) {
              if (s.status !== 'active') throw conflict(PLAN_MESSAGES.noPlan);
              // Already set by a twin: the same answer, no second notice.
              if (s.pendingPlan === input.plan && !s.cancelAtPeriodEnd) return { row: s, mails: [] };
              const n = NOTICES.downgradeSet(input.plan, s.currentPeriodEnd);
              const mails = await billingNotice(tx, actor.id, 'downgrade', n.title, n.body, publicUrl);
              const row = await planRepo.update(tx, s.id, {
                pendingPlan: input.plan,
                cancelAtPeriodEnd: false,
              });
              return { row, mails };
            }
            if (s.status !== 'active')
              throw conflict('Your last renewal is not paid yet: update your card first.');
            const card = await savedCards.forCharging(tx, actor.id, s.savedCardId);
            if (!card) throw conflict(PLAN_MESSAGES.noCard);
            const cents = proratedCents(s.plan, input.plan, s.currentPeriodStart, s.currentPeriodEnd, at);
            let result: AuthorizeResult = { ok: true, providerRef: '', brand: null, last4: null };
            if (cents > 0) {
              // Refused tries of this upgrade in this period move the attempt on (a retry after a top-up).
              const attempt = await planRepo.attempts(tx, {
                userId: actor.id,
                kind: 'upgrade',
                subscriptionId: s.id,
                periodEnd: s.currentPeriodEnd,
                declinedOnly: true,
              });
              const key = `plan-upgrade:${s.id}:${s.plan}->${input.plan}:${s.currentPeriodStart.getTime()}:${attempt}`;
              result = await chargeCard(provider, card, cents, key);
              const charge = {
                subscriptionId: s.id,
                userId: actor.id,
                plan: input.plan,
                kind: 'upgrade' as const,
                cents,
                result,
                period: { start: at, end: s.currentPeriodEnd },
                at,
              };
              if (!result.ok) {
                await recordCharge(tx, charge);
                return { refused: result };
              }
              charged = { ref: result.providerRef, cents };
              await recordCharge(tx, charge);
            }
            const row = await planRepo.update(tx, s.id, {
              plan: input.plan,
              pendingPlan: null,
              cancelAtPeriodEnd: false,
              savedCardId: card.id,
            });
            const n = NOTICES.upgraded(input.plan, cents, card.last4, s.currentPeriodEnd);
            return { row, mails: await billingNotice(tx, actor.id, 'upgraded', n.title, n.body, publicUrl) };
          }),
        );
      } catch (err) {
        // Nothing half-way: an upgrade that could not be written gives its money back.
        if (charged)
          await provider.refund(charged.ref, charged.cents, `${charged.ref}:refund`).catch(() => undefined);
        throw err;
      }
      if ('refused' in outcome) throw declined(outcome.refused);
      await sendAll(mailer, outcome.mails);
      return view(actor.id, outcome.row);
    },

    /**
     * Cancels in one step: no more charges; the plan works until the period end (then Basic). A twin finds
     * it cancelled already and answers the same state without a second e-mail.
     */
    async cancel(actor: Actor): Promise<SubscriptionView> {
      familyOnly(actor);
      const { row, mails } = await retryTransient(() =>
        db.transaction(async (tx) => {
          const s = await planRepo.live(tx, actor.id, true);
          if (!s || !unlocksAt(s, now())) throw notFound(PLAN_MESSAGES.noPlan);
          if (s.status === 'active' && s.cancelAtPeriodEnd && !s.pendingPlan) return { row: s, mails: [] };
          // Past due: the period already ended unpaid, so the plan ends now and is not tried again.
          const row =
            s.status === 'past_due'
              ? await planRepo.update(tx, s.id, { status: 'cancelled', nextRetryAt: null, endedAt: now() })
              : await planRepo.update(tx, s.id, { cancelAtPeriodEnd: true, pendingPlan: null });
          const end = s.status === 'past_due' ? now() : s.currentPeriodEnd;
          const n = NOTICES.cancelled(s.plan, end);
          return { row, mails: await billingNotice(tx, actor.id, 'cancelled', n.title, n.body, publicUrl) };
        }),
      );
      await sendAll(mailer, mails);
      return row.status === 'cancelled' ? view(actor.id, undefined) : view(actor.id, row);
    },

    /** The admins' summary: subscribers per plan, monthly recurring revenue, failed renewals, refunds. */
    async summary(): Promise<SubscriptionSummary> {
      const since = new Date(now().getTime() - 30 * 86_400_000);
      const s = await planRepo.summary(db, since);
      const subscribers = { family: 0, premium: 0 };
      let pastDue = 0;
      // Monthly recurring revenue: what the live plans will be charged next month (a cancelled plan
      // recurs no more; a pending downgrade recurs at its lower price).
      let mrrJmd = 0;
      for (const r of s.perPlan) {
        subscribers[r.plan] += r.n;
        if (r.status === 'past_due') pastDue += r.n;
        if (!r.cancelling) mrrJmd += r.n * planOf(r.nextPlan).monthlyJmd;
      }
      return { subscribers, mrrJmd, pastDue, failedRenewals30d: s.failedRenewals, refunds: s.refunds };
    },
  };
}

/**
 * The privacy export's section (GET /api/me/export): the user's plans and plan charges, without the
 * provider's references or card ids. Charges stay on account deletion (they are money records).
 */
export const planPrivacy = {
  async exportSection(tx: Tx, userId: number) {
    const { subs, charges } = await planRepo.history(tx, userId);
    // Refunds of the user's charges (ADR 0054), with the reason they were told; not the admin who made them.
    const refunds = await planRepo.refundsOf(tx, { userId });
    return {
      subscriptions: subs.map((s) => ({
        plan: s.plan,
        status: s.status,
        currentPeriodStart: s.currentPeriodStart.toISOString(),
        currentPeriodEnd: s.currentPeriodEnd.toISOString(),
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        pendingPlan: s.pendingPlan,
        endedAt: s.endedAt?.toISOString() ?? null,
        createdAt: s.createdAt.toISOString(),
      })),
      charges: charges.map((c) => ({
        plan: c.plan,
        kind: c.kind,
        status: c.status,
        amountJmd: c.amount,
        refundedJmd: c.refundedAmount,
        refunds: refunds
          .filter((r) => r.chargeId === c.id)
          .map((r) => ({ amountJmd: r.amount, reason: r.reason, createdAt: r.createdAt.toISOString() })),
        periodStart: c.periodStart?.toISOString() ?? null,
        periodEnd: c.periodEnd?.toISOString() ?? null,
        createdAt: c.createdAt.toISOString(),
      })),
    };
  },
};
