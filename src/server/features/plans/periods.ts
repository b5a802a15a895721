import { type Cents, toCents } from '../../../shared/money';
import { type PaidPlanId, planOf } from '../../../shared/pricing';

const DAY_MS = 86_400_000;
/** Jamaica keeps UTC−5 all year: anniversaries fall on the Jamaican calendar day. */
const JAMAICA_OFFSET_MS = -5 * 3_600_000;

/** The renewal notice goes this long before the anniversary. */
export const RENEWAL_NOTICE_MS = 3 * DAY_MS;
/** A failed renewal is tried again this many days after the anniversary (3 retries over 7 days). */
export const RETRY_DAYS = [1, 3, 7] as const;
/** While past due, the plan keeps working until a day after the last retry. */
export const RETRY_WINDOW_MS = (RETRY_DAYS[RETRY_DAYS.length - 1] + 1) * DAY_MS;

/**
 * `months` monthly anniversaries after `anchor`, on its Jamaican day of the month (the month's last day
 * when it is shorter: a plan begun on 31 January renews on 28 or 29 February, then 31 March).
 */
export function anniversary(anchor: Date, months: number): Date {
  const local = new Date(anchor.getTime() + JAMAICA_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const shifted = Date.UTC(
    y,
    m,
    day,
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(shifted - JAMAICA_OFFSET_MS);
}

/** The first anniversary after `after`. */
export function nextAnniversary(anchor: Date, after: Date): Date {
  let n = 1;
  while (anniversary(anchor, n) <= after) n++;
  return anniversary(anchor, n);
}

export const monthlyCents = (plan: PaidPlanId): Cents => toCents(planOf(plan).monthlyJmd);

/** An upgrade's charge: the price difference for the part of the period left (whole cents, at least 0). */
export function proratedCents(from: PaidPlanId, to: PaidPlanId, start: Date, end: Date, at: Date): Cents {
  const total = end.getTime() - start.getTime();
  const left = Math.max(0, Math.min(total, end.getTime() - at.getTime()));
  const diff = monthlyCents(to) - monthlyCents(from);
  if (total <= 0 || diff <= 0) return 0;
  return Math.round((diff * left) / total);
}

export const retryAt = (periodEnd: Date, retry: number) =>
  new Date(periodEnd.getTime() + RETRY_DAYS[retry] * DAY_MS);
