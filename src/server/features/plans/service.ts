import { randomUUID } from 'node:crypto';
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
import { AppError, conflict, forbidden, isUniqueViolation, notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import type { SavedCardService } from '../payments/saved-cards';
import { chargeCard, recordCharge } from './charge';
import { billingNotice, NOTICES } from './notices';
import { anniversary, monthlyCents, proratedCents, RETRY_WINDOW_MS } from './periods';
import { planRepo, type SubscriptionRow } from './repo';

type Actor = Pick<SessionUser, 'id' | 'userType'>;

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
     */
    async subscribe(actor: Actor, input: z.output<typeof SubscribeRequest>): Promise<SubscriptionView> {
      familyOnly(actor);
      if (await planRepo.live(db, actor.id)) throw conflict(PLAN_MESSAGES.alreadySubscribed);
      const saved = input.paymentToken
        ? await savedCards.save(actor, { paymentToken: input.paymentToken })
        : undefined;
      const cardId = saved?.id ?? input.paymentMethodId ?? null;
      const card = cardId === null ? undefined : await savedCards.forCharging(db, actor.id, cardId);
      if (!card || card.id !== cardId) throw notFound(PLAN_MESSAGES.cardNotFound);
      const cents = monthlyCents(input.plan);
      const result = await chargeCard(provider, card, cents, `plan-${actor.id}-${randomUUID()}`);
      if (!result.ok) {
        if (saved) await savedCards.remove(actor, saved.id);
        throw declined(result);
      }
      const at = now();
      const end = anniversary(at, 1);
      try {
        const { row, mails } = await db.transaction(async (tx) => {
          await planRepo.lockUser(tx, actor.id);
          if (await planRepo.live(tx, actor.id)) throw conflict(PLAN_MESSAGES.alreadySubscribed);
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
        });
        await sendAll(mailer, mails);
        return view(actor.id, row);
      } catch (err) {
        // Nothing half-way: the money goes back when the plan could not be written.
        await provider
          .refund(result.providerRef, cents, `${result.providerRef}:refund`)
          .catch(() => undefined);
        if (isUniqueViolation(err, 'subscriptions_one_live')) throw conflict(PLAN_MESSAGES.alreadySubscribed);
        throw err;
      }
    },

    /**
     * Changes plan: an upgrade at once, charging the difference for the rest of the period; a downgrade at
     * the period end. Choosing the current plan again undoes a pending downgrade or a cancellation.
     */
    async changePlan(actor: Actor, input: z.output<typeof ChangePlanRequest>): Promise<SubscriptionView> {
      familyOnly(actor);
      const s = await planRepo.live(db, actor.id);
      if (!s || !unlocksAt(s, now())) throw notFound(PLAN_MESSAGES.noPlan);
      const rank = (p: string) => PAID_PLAN_IDS.indexOf(p as never);
      if (input.plan === s.plan) {
        if (!s.pendingPlan && !s.cancelAtPeriodEnd) throw conflict(PLAN_MESSAGES.samePlan);
        const row = await planRepo.update(db, s.id, { pendingPlan: null, cancelAtPeriodEnd: false });
        return view(actor.id, row);
      }
      if (rank(input.plan) < rank(s.plan)) {
        const row = await db.transaction(async (tx) => {
          const locked = await planRepo.lockById(tx, s.id);
          if (locked?.status !== 'active') throw conflict(PLAN_MESSAGES.noPlan);
          const n = NOTICES.downgradeSet(input.plan, locked.currentPeriodEnd);
          const mails = await billingNotice(tx, actor.id, 'downgrade', n.title, n.body, publicUrl);
          const row = await planRepo.update(tx, s.id, { pendingPlan: input.plan, cancelAtPeriodEnd: false });
          return { row, mails };
        });
        await sendAll(mailer, row.mails);
        return view(actor.id, row.row);
      }
      if (s.status !== 'active') throw conflict('Your last renewal is not paid yet: update your card first.');
      const card = await savedCards.forCharging(db, actor.id, s.savedCardId);
      if (!card) throw conflict(PLAN_MESSAGES.noCard);
      const at = now();
      const cents = proratedCents(s.plan, input.plan, s.currentPeriodStart, s.currentPeriodEnd, at);
      const result =
        cents > 0
          ? await chargeCard(provider, card, cents, `plan-upgrade-${s.id}-${randomUUID()}`)
          : ({ ok: true, providerRef: '', brand: null, last4: null } as const);
      if (!result.ok) throw declined(result);
      const { row, mails } = await db.transaction(async (tx) => {
        const row = await planRepo.update(tx, s.id, {
          plan: input.plan,
          pendingPlan: null,
          cancelAtPeriodEnd: false,
          savedCardId: card.id,
        });
        if (cents > 0) {
          await recordCharge(tx, {
            subscriptionId: s.id,
            userId: actor.id,
            plan: input.plan,
            kind: 'upgrade',
            cents,
            result,
            period: { start: at, end: s.currentPeriodEnd },
            at,
          });
        }
        const n = NOTICES.upgraded(input.plan, cents, card.last4, s.currentPeriodEnd);
        return { row, mails: await billingNotice(tx, actor.id, 'upgraded', n.title, n.body, publicUrl) };
      });
      await sendAll(mailer, mails);
      return view(actor.id, row);
    },

    /** Cancels in one step: no more charges; the plan works until the period end (then Basic). */
    async cancel(actor: Actor): Promise<SubscriptionView> {
      familyOnly(actor);
      const { row, mails } = await db.transaction(async (tx) => {
        const s = await planRepo.live(tx, actor.id, true);
        if (!s || !unlocksAt(s, now())) throw notFound(PLAN_MESSAGES.noPlan);
        // Past due: the period already ended unpaid, so the plan ends now and is not tried again.
        const row =
          s.status === 'past_due'
            ? await planRepo.update(tx, s.id, { status: 'cancelled', nextRetryAt: null, endedAt: now() })
            : await planRepo.update(tx, s.id, { cancelAtPeriodEnd: true, pendingPlan: null });
        const end = s.status === 'past_due' ? now() : s.currentPeriodEnd;
        const n = NOTICES.cancelled(s.plan, end);
        return { row, mails: await billingNotice(tx, actor.id, 'cancelled', n.title, n.body, publicUrl) };
      });
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

export type PlanService = ReturnType<typeof createPlanService>;

/**
 * The privacy export's section (GET /api/me/export): the user's plans and plan charges, without the
 * provider's references or card ids. Charges stay on account deletion (they are money records).
 */
export const planPrivacy = {
  async exportSection(tx: Tx, userId: number) {
    const { subs, charges } = await planRepo.history(tx, userId);
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
        periodStart: c.periodStart?.toISOString() ?? null,
        periodEnd: c.periodEnd?.toISOString() ?? null,
        createdAt: c.createdAt.toISOString(),
      })),
    };
  },
};
