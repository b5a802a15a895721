import { type FormEvent, useState } from 'react';
import {
  MISMATCH_KIND_LABELS,
  RECONCILIATION_MESSAGES,
  ResolveMismatchRequest,
} from '../../../../shared/contracts/reconciliation';
import { formatJmd, toCents } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Alert, FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { formatDateTime } from '../../../lib/format';
import {
  type MismatchFilter,
  type ReconciliationMismatch,
  useMismatches,
  useReconciliationRuns,
  useResolveMismatch,
  useRunReconciliation,
} from '../reconciliation-api';

const FILTERS: { value: MismatchFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

const amount = (value: string | null) => (value === null ? '—' : formatJmd(toCents(value)));

/**
 * /admin "Money audit" (ADR 0041): what the daily reconciliation found between the payment provider's record
 * and ours, each mismatch's state and who resolved it; run it now, resolve one with a note.
 */
export function MoneyAuditPanel() {
  const [filter, setFilter] = useState<MismatchFilter>('open');
  const { data, isPending, isError } = useMismatches(filter);
  const runs = useReconciliationRuns();
  const runNow = useRunReconciliation();
  const last = runs.data?.runs[0];
  return (
    <section aria-labelledby="money-audit-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="money-audit-heading" className="text-xl font-bold">
          Money audit
        </h2>
        <Button
          variant="outline"
          disabled={runNow.isPending}
          onClick={() =>
            runNow.mutate(undefined, {
              onSuccess: (r) =>
                toast({
                  title: r.ran ? 'Reconciliation run' : 'A reconciliation is already running',
                  description: r.result
                    ? `${r.result.operations} provider operation(s) compared: ${r.result.found} mismatch(es), ${r.result.newFound} new.`
                    : undefined,
                }),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'Reconciliation not run',
                  description: errorMessage(error, 'Try again.'),
                }),
            })
          }
        >
          {runNow.isPending ? 'Running…' : 'Run reconciliation now'}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Every day the payment provider’s record of holds, captures, voids and refunds is compared with our
        payments, ledger, bookings and plan charges.{' '}
        {last
          ? `Last run ${formatDateTime(last.startedAt)}: ${last.operations} operation(s), ${last.found} mismatch(es).`
          : runs.isPending
            ? null
            : 'No reconciliation has run yet.'}
      </p>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show mismatches</legend>
        {FILTERS.map((f) => (
          <Button
            key={f.value}
            size="sm"
            variant={filter === f.value ? 'primary' : 'outline'}
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
          >
            {f.label}
            {f.value === 'open' && data ? ` (${data.open})` : ''}
          </Button>
        ))}
      </fieldset>
      {isPending ? <Spinner label="Loading mismatches" /> : null}
      {isError ? <Alert>Mismatches could not be loaded.</Alert> : null}
      {data && data.mismatches.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          {filter === 'resolved'
            ? 'No mismatch has been resolved yet.'
            : 'No mismatches: the provider’s record and ours agree.'}
        </p>
      ) : null}
      {data && data.mismatches.length > 0 ? (
        <ul className="space-y-3">
          {data.mismatches.map((m) => (
            <MismatchItem key={m.id} mismatch={m} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function MismatchItem({ mismatch: m }: { mismatch: ReconciliationMismatch }) {
  const titleId = `mismatch-${m.id}-title`;
  return (
    <li aria-labelledby={titleId} className="space-y-2 rounded-xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {MISMATCH_KIND_LABELS[m.kind]}
        </h3>
        <span
          className={
            m.state === 'open'
              ? 'rounded-full bg-destructive/10 px-2 py-0.5 text-sm font-semibold text-destructive'
              : 'rounded-full bg-muted px-2 py-0.5 text-sm font-semibold'
          }
        >
          {m.state === 'open' ? 'Open' : 'Resolved'}
        </span>
      </div>
      <p className="break-words">{m.detail}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Provider</dt>
        <dd>{amount(m.providerAmount)}</dd>
        <dt className="text-muted-foreground">Ours</dt>
        <dd>{amount(m.ourAmount)}</dd>
        <dt className="text-muted-foreground">Found</dt>
        <dd>{formatDateTime(m.detectedAt)}</dd>
        {m.bookingId !== null ? (
          <>
            <dt className="text-muted-foreground">Booking</dt>
            <dd>{m.bookingId}</dd>
          </>
        ) : null}
        {m.providerRef ? (
          <>
            <dt className="text-muted-foreground">Provider ref.</dt>
            <dd className="break-all font-mono">{m.providerRef}</dd>
          </>
        ) : null}
      </dl>
      {m.state === 'resolved' ? (
        <p className="text-sm">
          Resolved by {m.resolvedBy ? `${m.resolvedBy.firstName} ${m.resolvedBy.lastName}` : 'a former admin'}
          {m.resolvedAt ? ` on ${formatDateTime(m.resolvedAt)}` : ''}:{' '}
          <span className="break-words">{m.note}</span>
        </p>
      ) : (
        <ResolveForm id={m.id} />
      )}
    </li>
  );
}

function ResolveForm({ id }: { id: number }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const resolve = useResolveMismatch();
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ResolveMismatchRequest.safeParse({ note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? RECONCILIATION_MESSAGES.noteRequired);
      return;
    }
    setError(undefined);
    resolve.mutate(
      { id, note: parsed.data.note },
      {
        onSuccess: () => toast({ title: 'Mismatch resolved' }),
        onError: (err) => setError(errorMessage(err, 'Not resolved. Try again.')),
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <FormField label="How was it resolved?" error={error} id={`resolve-${id}`}>
        <Textarea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={1000}
          className="min-h-20"
        />
      </FormField>
      <Button type="submit" size="sm" disabled={resolve.isPending}>
        {resolve.isPending ? 'Resolving…' : 'Mark resolved'}
      </Button>
    </form>
  );
}
