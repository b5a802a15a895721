import { formatJmd, toCents } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { formatCalendarDate, formatDate } from '../../../lib/format';
import { useAwaitingTransfers, useMarkReceived, useRunPayouts } from '../api';

const METHOD: Record<string, string> = { bank: 'Bank transfer', zelle: 'Zelle', cashapp: 'Cash App' };

/** /admin "Payments": transfers awaiting money (mark received) and a manual payout run. */
export function AdminTransfersPanel() {
  const { data, isPending, isError } = useAwaitingTransfers();
  const mark = useMarkReceived();
  const payouts = useRunPayouts();
  return (
    <section aria-labelledby="awaiting-transfer-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="awaiting-transfer-heading" className="text-xl font-bold">
          Payments awaiting transfer
        </h2>
        <Button
          variant="outline"
          disabled={payouts.isPending}
          onClick={() =>
            payouts.mutate(undefined, {
              onSuccess: (r) =>
                toast({
                  title: r.ran ? 'Payouts run' : 'A payout run is already in progress',
                  description: r.result
                    ? `${r.result.paid} caregiver(s) paid, ${formatJmd(r.result.totalCents)} in total.`
                    : undefined,
                }),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'Payouts not run',
                  description: errorMessage(error, 'Try again.'),
                }),
            })
          }
        >
          {payouts.isPending ? 'Running payouts…' : 'Run payouts now'}
        </Button>
      </div>
      {isPending ? <Spinner label="Loading payments" /> : null}
      {isError ? <Alert>Payments could not be loaded.</Alert> : null}
      {data && data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          No transfers are waiting.
        </p>
      ) : null}
      {data && data.length > 0 ? (
        <ul className="space-y-3">
          {data.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface p-4"
            >
              <div>
                <p className="font-semibold">
                  <span className="font-mono">{p.reference}</span> · {formatJmd(toCents(p.amount))} ·{' '}
                  {METHOD[p.method] ?? p.method}
                </p>
                <p className="text-sm text-muted-foreground">
                  {p.family.firstName} {p.family.lastName} ({p.family.email}) · booking {p.booking.id} on{' '}
                  {formatCalendarDate(p.booking.date)} ({p.booking.status}) · asked {formatDate(p.createdAt)}
                </p>
              </div>
              <Button
                size="sm"
                disabled={mark.isPending}
                onClick={() =>
                  mark.mutate(p.id, {
                    onSuccess: () =>
                      toast({ title: 'Marked received', description: `${p.reference} is paid.` }),
                    onError: (error) =>
                      toast({
                        variant: 'destructive',
                        title: 'Not changed',
                        description: errorMessage(error, 'Try again.'),
                      }),
                  })
                }
              >
                Mark received
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
