import { clock12 } from '../../../shared/booking-rules';
import { CAREGIVER_KINDS } from '../../../shared/catalog';
import { formatJmd, toCents } from '../../../shared/money';
import type { CareRequestView } from './api';

export const kindLabel = (kind: string) => CAREGIVER_KINDS.find((k) => k.value === kind)?.label ?? kind;

const DAY = new Intl.DateTimeFormat('en-JM', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "From Wed, 2 Dec 2026, 9:00 AM, 4 hours · Mondays and Wednesdays". */
export function whenText(r: Pick<CareRequestView, 'startDate' | 'startTime' | 'hours' | 'weekdays'>): string {
  const day = DAY.format(new Date(`${r.startDate}T12:00:00Z`));
  const base = `From ${day}, ${clock12(r.startTime)}, ${r.hours} ${r.hours === 1 ? 'hour' : 'hours'}`;
  if (r.weekdays.length === 0) return base;
  return `${base} · every ${r.weekdays.map(cap).join(', ')}`;
}

/** "J$ 1,200 – J$ 2,000 an hour", or null without a budget. */
export function budgetText(r: Pick<CareRequestView, 'budgetMinJmd' | 'budgetMaxJmd'>): string | null {
  const { budgetMinJmd: min, budgetMaxJmd: max } = r;
  const j = (n: number) => formatJmd(toCents(n));
  if (min !== null && max !== null) return `${j(min)} – ${j(max)} an hour`;
  if (min !== null) return `From ${j(min)} an hour`;
  if (max !== null) return `Up to ${j(max)} an hour`;
  return null;
}

export const STATUS_WORDS: Record<CareRequestView['status'], string> = {
  open: 'Open',
  filled: 'Filled',
  withdrawn: 'Withdrawn',
  expired: 'Closed after 14 days',
};
