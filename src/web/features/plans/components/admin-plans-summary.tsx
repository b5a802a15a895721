import { formatJmd, toCents } from '../../../../shared/money';
import { jmd } from '../../../../shared/pricing';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useSubscriptionSummary } from '../api';

/** /admin "Payments": plans at a glance (subscribers, monthly recurring revenue, failed renewals, refunds). */
export function AdminPlansSummary() {
  const { data, isPending, isError } = useSubscriptionSummary();
  return (
    <section aria-labelledby="plans-summary-heading" className="space-y-3">
      <h2 id="plans-summary-heading" className="text-xl font-bold">
        Plans
      </h2>
      {isPending ? (
        <Spinner label="Loading the plans summary" />
      ) : isError ? (
        <Alert>The plans summary could not be loaded.</Alert>
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {[
            ['Family Plan subscribers', String(data.subscribers.family)],
            ['Premium subscribers', String(data.subscribers.premium)],
            ['Monthly recurring revenue', jmd(data.mrrJmd)],
            ['Past due now', String(data.pastDue)],
            ['Renewals refused (30 days)', String(data.failedRenewals30d)],
            ['Refunds', `${data.refunds.count} · ${formatJmd(toCents(data.refunds.amount))}`],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl border border-border bg-surface p-4">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
