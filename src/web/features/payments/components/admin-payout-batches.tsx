import { formatJmd, toCents } from '../../../../shared/money';
import { Alert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { formatCalendarDate } from '../../../lib/format';
import { payoutBatchFileUrl, usePayoutBatches } from '../api';

/**
 * /admin "Payments": each payout run's bank-transfer batch file (ADR 0052), to upload to the bank. The
 * file holds full account numbers, so it is only ever a download behind the admin-only route.
 */
export function AdminPayoutBatches() {
  const { data, isPending, isError } = usePayoutBatches();
  return (
    <section aria-labelledby="payout-batches-heading" className="space-y-3">
      <h2 id="payout-batches-heading" className="text-xl font-bold">
        Payout bank files
      </h2>
      {isPending ? <Spinner label="Loading bank files" /> : null}
      {isError ? <Alert>Bank files could not be loaded.</Alert> : null}
      {data && data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          No payout run has made a bank file yet.
        </p>
      ) : null}
      {data && data.length > 0 ? (
        <ul className="space-y-3">
          {data.map((b) => (
            <li
              key={b.id}
              data-testid="payout-batch"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface p-4"
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  Payouts of {formatCalendarDate(b.payoutDate)} · {b.lineCount} payee(s) ·{' '}
                  {formatJmd(toCents(b.total))}
                </p>
                <p className="text-sm text-muted-foreground">
                  File #{b.id} · control sum <span className="font-mono">{b.controlSum}</span>
                </p>
              </div>
              <a
                href={payoutBatchFileUrl(b.id)}
                download
                className="inline-flex min-h-11 items-center font-semibold text-primary-deep underline"
              >
                Download bank file<span className="sr-only"> #{b.id}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
