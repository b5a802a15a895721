import { formatJmdExact, toCents } from '../../../../shared/money';
import { planOf } from '../../../../shared/pricing';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { usePlanCharges } from '../api';

const KIND = { first: 'first month', renewal: 'monthly renewal', upgrade: 'upgrade' } as const;

/**
 * "Billing history" under Your plan (ADR 0054): each plan charge, newest first, and every refund of it with
 * its amount, date and the reason the team gave. Nothing is shown before the first charge.
 */
export function BillingHistory() {
  const { data, isPending, isError } = usePlanCharges();
  if (isPending) return <Spinner label="Loading your billing history" />;
  if (isError) return <Alert>Your billing history could not be loaded. Please refresh the page.</Alert>;
  if (data.charges.length === 0) return null;
  return (
    <section aria-labelledby="billing-heading" className="space-y-2">
      <h3 id="billing-heading" className="font-semibold">
        Billing history
      </h3>
      <ul className="space-y-2 text-sm">
        {data.charges.map((c) => (
          <li key={c.id} className="min-w-0 rounded-lg border border-border px-3 py-2">
            <p className="break-words">
              {formatDate(c.createdAt)} · {planOf(c.plan).name}, {KIND[c.kind]} ·{' '}
              <strong>{formatJmdExact(toCents(c.amount))}</strong>
              {c.status === 'declined' ? ' · declined, not charged' : ''}
            </p>
            {c.refunds.map((r) => (
              <p key={r.id} className="mt-1 break-words" data-testid="plan-refund">
                Refunded {formatJmdExact(toCents(r.amount))} on {formatDate(r.createdAt)} — {r.reason}
              </p>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
