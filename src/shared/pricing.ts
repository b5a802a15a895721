/**
 * What the pricing pages promise, in one place (docs/product.md#constants-and-limits Money and fees). The fee itself is PLATFORM_FEE_PERCENT
 * in ./money; amounts here are whole JMD (not cents) because they are only ever shown.
 */
import { formatJmd, groupDigits } from './money';
import type { PlanFeature } from './plan-features';
import { PRIORITY_REPLY_HOURS } from './support-hours';

export type PlanId = 'basic' | 'family' | 'premium';
export const PLAN_IDS = ['basic', 'family', 'premium'] as const satisfies readonly PlanId[];
/** The paid plans, cheapest first (an upgrade moves right, a downgrade left). */
export const PAID_PLAN_IDS = ['family', 'premium'] as const satisfies readonly PlanId[];
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

/** Priority support's promise: a reply within this many business hours (the support schedule's hours). */
export const PRIORITY_REPLY_BUSINESS_HOURS = PRIORITY_REPLY_HOURS;

export interface Plan {
  id: PlanId;
  name: string;
  /** Whole JMD a month; 0 is free. */
  monthlyJmd: number;
  summary: string;
  /** What the plan unlocks on the server (the gates answer from this list). */
  unlocks: readonly PlanFeature[];
  /** What the pricing page, checkout and settings list: each line is true of what the gates allow. */
  features: string[];
  /** False while a plan cannot be bought yet: shown with its price, marked as coming soon. */
  available: boolean;
}

const FAMILY_UNLOCKS = [
  'favourites_rebook',
  'sms_reminders',
  'priority_support',
] as const satisfies PlanFeature[];

/**
 * The plan catalogue (issue 21, ADR 0037): the pricing page, checkout, settings and the server's FeatureGate
 * read it. Recurring bookings and circles' monthly statements are free for everyone, so no plan lists them.
 */
export const PLANS: readonly Plan[] = [
  {
    id: 'basic',
    name: 'Basic',
    monthlyJmd: 0,
    summary: 'Everything you need to find, book and pay for care.',
    unlocks: [],
    features: [
      'Search caregivers in all 14 parishes',
      'Full profiles, reviews and Verified badges',
      'Message caregivers before you book',
      'Book and pay on YaadCare, after the service is completed',
      'Help from our support team by e-mail and the support form',
    ],
    available: true,
  },
  {
    id: 'family',
    name: 'Family Plan',
    monthlyJmd: 999,
    summary: 'For families who book care every week.',
    unlocks: FAMILY_UNLOCKS,
    features: [
      'Everything in Basic',
      'Save favourite caregivers and rebook them in one tap',
      'Booking reminders by SMS',
      `Priority support: our team replies within ${PRIORITY_REPLY_BUSINESS_HOURS} business hours`,
    ],
    available: true,
  },
  {
    id: 'premium',
    name: 'Premium',
    monthlyJmd: 1999,
    summary: 'For ongoing care of a parent, or a child with extra needs.',
    unlocks: [...FAMILY_UNLOCKS, 'team_shortlist'],
    features: [
      'Everything in the Family Plan',
      'Post a care request and our team shortlists up to three suitable caregivers for you',
    ],
    available: true,
  },
];

/** The plan of an id (every id is in the catalogue). */
export function planOf(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

export interface TypicalRate {
  care: string;
  minJmd: number;
  maxJmd: number;
  per: 'hour' | 'night';
}

/** Typical market rates shown to families and caregivers (docs/product.md#constants-and-limits); each caregiver sets their own. */
export const TYPICAL_RATES: readonly TypicalRate[] = [
  { care: 'Child care — basic', minJmd: 500, maxJmd: 800, per: 'hour' },
  { care: 'Child care — experienced', minJmd: 800, maxJmd: 1200, per: 'hour' },
  { care: 'Special needs care', minJmd: 1000, maxJmd: 1500, per: 'hour' },
  { care: 'Overnight care', minJmd: 8000, maxJmd: 12000, per: 'night' },
  { care: 'Senior care', minJmd: 600, maxJmd: 1000, per: 'hour' },
  { care: 'Housekeeping', minJmd: 400, maxJmd: 600, per: 'hour' },
];

/** Cancellation by a family: free up to this many hours before the start. */
export const FREE_CANCELLATION_HOURS = 24;
/** Share of the booking subtotal paid to the caregiver when a family cancels later than that. */
export const LATE_CANCELLATION_PERCENT = 50;
/** Caregiver payouts: weekly on this day, arriving within this many business days. */
export const PAYOUT_DAY = 'Friday';
export const PAYOUT_ARRIVAL = '1-2 business days';
/** Notice given before any price or plan change. */
export const PRICE_CHANGE_NOTICE_DAYS = 30;

/** 1999 → 'J$ 1,999': whole JMD through the one money formatter (never a bare '$'). */
export function jmd(amount: number): string {
  return formatJmd(amount * 100);
}

/** 500, 800 → 'J$ 500–800': a rate range as the pricing table and the rate hints write it. */
export function jmdRange(min: number, max: number): string {
  return `${jmd(min)}–${groupDigits(Math.round(max))}`;
}

const hourly = TYPICAL_RATES.filter((r) => r.per === 'hour');
/** The lowest and highest typical hourly rate in the table above. */
export const TYPICAL_HOURLY_RANGE = {
  minJmd: Math.min(...hourly.map((r) => r.minJmd)),
  maxJmd: Math.max(...hourly.map((r) => r.maxJmd)),
} as const;

/**
 * The hint beside a caregiver's hourly-rate field (onboarding, profile editor), taken from the same table
 * as the pricing page so the two never disagree.
 */
export const RATE_HINT = `Typical rates in Jamaica: ${jmdRange(TYPICAL_HOURLY_RANGE.minJmd, TYPICAL_HOURLY_RANGE.maxJmd)} per hour, depending on the kind of care (see Pricing)`;
