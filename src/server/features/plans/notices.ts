import { formatJmd } from '../../../shared/money';
import { type PaidPlanId, planOf } from '../../../shared/pricing';
import { TIME_ZONE } from '../../../shared/time';
import type { Mail } from '../../adapters/mailer';
import { inAppNotices } from '../../core/in-app-notices';
import type { Tx } from '../../db/client';
import { planRepo } from './repo';

const dateFormat = new Intl.DateTimeFormat('en-JM', { timeZone: TIME_ZONE, dateStyle: 'long' });
/** 2026-12-24T… → '24 December 2026' (the Jamaican calendar day). */
export const longDate = (d: Date) => dateFormat.format(d);
export const planName = (plan: PaidPlanId) => planOf(plan).name;
export const amount = (cents: number) => formatJmd(cents);

/**
 * A billing notice: in-app (in `tx`) and an account e-mail returned for after commit. Billing mail is
 * account mail like a password reset: it does not depend on booking notice preferences (ADR 0037).
 */
export async function billingNotice(
  tx: Tx,
  userId: number,
  kind: string,
  title: string,
  body: string,
  publicUrl: string,
): Promise<Mail[]> {
  const who = await planRepo.contact(tx, userId);
  if (!who) return [];
  await inAppNotices.add(tx, { userId, kind: `plan.${kind}`, title, body, link: '/settings#plan' });
  return [
    {
      to: who.email,
      subject: `YaadCare: ${title}`,
      text: `Hi ${who.firstName},\n\n${body}\n\nYour plan: ${publicUrl}/settings#plan\n\n— YaadCare`,
    },
  ];
}

export const NOTICES = {
  started: (plan: PaidPlanId, cents: number, card: string, end: Date) => ({
    title: `Welcome to the ${planName(plan)}`,
    body: `We charged ${amount(cents)} to your card ending ${card} for your first month. Your plan renews on ${longDate(end)}; you can cancel at any time in Settings, and it then ends on that date.`,
  }),
  upgraded: (plan: PaidPlanId, cents: number, card: string, end: Date) => ({
    title: `You are now on ${planName(plan)}`,
    body: `We charged ${amount(cents)} to your card ending ${card} for the rest of this month. From ${longDate(end)} the plan is ${amount(planOf(plan).monthlyJmd * 100)} a month.`,
  }),
  downgradeSet: (plan: PaidPlanId, end: Date) => ({
    title: `Your plan changes to the ${planName(plan)} on ${longDate(end)}`,
    body: `You keep everything in your current plan until ${longDate(end)}; from then the ${planName(plan)} is ${amount(planOf(plan).monthlyJmd * 100)} a month.`,
  }),
  cancelled: (plan: PaidPlanId, end: Date) => ({
    title: `Your ${planName(plan)} is cancelled`,
    body: `You will not be charged again. Your plan keeps working until ${longDate(end)}, then your account moves to Basic, free. Your favourites, bookings and messages stay as they are.`,
  }),
  renewalSoon: (plan: PaidPlanId, cents: number, end: Date) => ({
    title: `Your ${planName(plan)} renews on ${longDate(end)}`,
    body: `On ${longDate(end)} we will charge ${amount(cents)} to your saved card for the next month. To stop it, cancel in Settings before then, in one step.`,
  }),
  receipt: (plan: PaidPlanId, cents: number, card: string, start: Date, end: Date) => ({
    title: `Receipt: ${planName(plan)}, ${amount(cents)}`,
    body: `We charged ${amount(cents)} to your card ending ${card} for the ${planName(plan)} from ${longDate(start)} to ${longDate(end)}.`,
  }),
  renewalFailed: (plan: PaidPlanId, cents: number, reason: string, retry: Date) => ({
    title: `We could not renew your ${planName(plan)}`,
    body: `The charge of ${amount(cents)} did not go through (${reason}). We will try again on ${longDate(retry)}; your plan keeps working meanwhile. To use another card, add it in Settings and make it your default.`,
  }),
  downgraded: (plan: PaidPlanId) => ({
    title: 'Your account is now on Basic',
    body: `We could not charge your card for the ${planName(plan)} after three tries, so your account moved to Basic, free. Nothing is lost: your favourites, bookings and messages stay as they are. You can choose a plan again at any time on the Pricing page.`,
  }),
  ended: (plan: PaidPlanId) => ({
    title: `Your ${planName(plan)} has ended`,
    body: `As you asked, your ${planName(plan)} ended and you were not charged. Your account is on Basic, free; your favourites, bookings and messages stay as they are.`,
  }),
} as const;
