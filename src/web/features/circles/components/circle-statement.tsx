import { Download } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { formatJmd, toCents } from '../../../../shared/money';
import { monthLabel } from '../../../../shared/time';
import { buttonClasses } from '../../../components/ui/button';
import { Alert, FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-messages';
import { type StatementView, statementUrl, useCircleStatement } from '../api';
import { statementMonths } from '../statement-months';

const shortDay = new Intl.DateTimeFormat('en-JM', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
/** '2026-11-05' → 'Thu, 5 Nov' (a calendar day in Jamaica: no zone conversion). */
const formatLineDay = (date: string) => shortDay.format(new Date(`${date}T12:00:00Z`));
const jmd = (decimal: string) => formatJmd(toCents(decimal));
const hoursText = (h: number) => `${h} h`;

const CELL = 'px-3 py-2 align-top';
const NUM = `${CELL} text-right tabular-nums whitespace-nowrap`;

/** The figures of one visit, labelled: what a phone shows as a card, one label per value. */
function lineFacts(l: StatementView['lines'][number]): [string, string][] {
  return [
    ['Time (Jamaica)', l.time],
    ['Caregiver', l.caregiver],
    ['Hours', hoursText(l.hours)],
    ['Total', jmd(l.total)],
    ['Status', l.statusLabel],
    ['Payment', l.paymentStatus],
  ];
}

/**
 * On a phone (below `sm`) each visit is a card with every figure labelled, so nothing hides in a sideways
 * scroll; wider screens get the table. The other form is display:none, so assistive technology reads one.
 */
function StatementCards({ view }: { view: StatementView }) {
  const t = view.totals;
  return (
    <section aria-label={`Visits in ${view.monthLabel}, one card per visit`} className="sm:hidden">
      <p className="sr-only">Times in Jamaica, amounts in Jamaican dollars.</p>
      <ul className="space-y-2">
        {view.lines.map((l) => (
          <li
            key={l.bookingId}
            className="rounded-xl border border-border bg-surface p-3 text-sm"
            data-testid="statement-card"
          >
            <p className="font-semibold">{formatLineDay(l.date)}</p>
            <dl className="mt-1 space-y-0.5">
              {lineFacts(l).map(([label, value]) => (
                <div key={label} className="flex justify-between gap-3">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-right tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between gap-3 rounded-xl border-2 border-border-strong p-3 text-sm font-bold">
        <span>
          Total, {t.visits} {t.visits === 1 ? 'visit' : 'visits'}, {hoursText(t.hours)}
        </span>
        <span className="tabular-nums">{jmd(t.total)}</span>
      </p>
    </section>
  );
}

function StatementTable({ view }: { view: StatementView }) {
  const t = view.totals;
  return (
    // From `sm` up (a phone gets StatementCards); should it still be too wide, it scrolls inside its own
    // box, which takes focus so a keyboard can scroll it.
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      aria-label={`Visits in ${view.monthLabel}`}
      className="relative hidden overflow-x-auto rounded-xl sm:block border border-border bg-surface focus-visible:outline-2 focus-visible:outline-primary"
    >
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">
          Visits in {view.monthLabel}, times in Jamaica, amounts in Jamaican dollars
        </caption>
        <thead className="bg-muted">
          <tr>
            <th scope="col" className={CELL}>
              Date
            </th>
            <th scope="col" className={CELL}>
              Time (Jamaica)
            </th>
            <th scope="col" className={CELL}>
              Caregiver
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              Hours
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              Total
            </th>
            <th scope="col" className={CELL}>
              Status
            </th>
            <th scope="col" className={CELL}>
              Payment
            </th>
          </tr>
        </thead>
        <tbody>
          {view.lines.map((l) => (
            <tr key={l.bookingId} className="border-t border-border" data-testid="statement-line">
              <td className={`${CELL} whitespace-nowrap`}>{formatLineDay(l.date)}</td>
              <td className={`${CELL} whitespace-nowrap`}>{l.time}</td>
              <td className={CELL}>{l.caregiver}</td>
              <td className={NUM}>{hoursText(l.hours)}</td>
              <td className={NUM}>{jmd(l.total)}</td>
              <td className={CELL}>{l.statusLabel}</td>
              <td className={CELL}>{l.paymentStatus}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-border-strong font-bold">
          <tr>
            <th scope="row" colSpan={3} className={CELL}>
              Total, {t.visits} {t.visits === 1 ? 'visit' : 'visits'}
            </th>
            <td className={NUM}>{hoursText(t.hours)}</td>
            <td className={NUM} data-testid="statement-total">
              {jmd(t.total)}
            </td>
            <td colSpan={2} className={CELL} />
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

function StatementBody({ view, circleId }: { view: StatementView; circleId: number }) {
  const t = view.totals;
  if (view.lines.length === 0) {
    return (
      <div className="space-y-2">
        <p className="font-semibold" data-testid="statement-empty">
          No visits are counted for {view.monthLabel}.
        </p>
        <p className="text-sm text-muted-foreground">{view.counts}</p>
      </div>
    );
  }
  const parts: [string, string][] = [
    ['Completed', t.completed],
    ['Still to come or to complete', t.notYetCompleted],
    ...(toCents(t.lateCancellationFees) > 0
      ? ([['Late-cancellation fees', t.lateCancellationFees]] as [string, string][])
      : []),
    ['Service fees (included above)', t.serviceFee],
  ];
  return (
    <div className="space-y-4">
      <StatementCards view={view} />
      <StatementTable view={view} />
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {parts.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt>{label}</dt>
            <dd className="tabular-nums">{jmd(amount)}</dd>
          </div>
        ))}
      </dl>
      {view.estimates.length || view.missingRates.length ? (
        <div className="space-y-1 text-sm">
          <p className="font-semibold">The total in other currencies (estimates, for reading only)</p>
          <ul className="list-disc space-y-1 pl-5" data-testid="statement-estimates">
            {view.estimates.map((e) => (
              <li key={e.currency}>{e.text}</li>
            ))}
            {view.missingRates.map((c) => (
              <li key={c}>
                No {c} rate is kept, so there is no estimate in {c}.
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground">{view.counts}</p>
      <div className="flex flex-wrap gap-2">
        {(['csv', 'pdf'] as const).map((format) => (
          <a
            key={format}
            href={statementUrl(circleId, view.month, format)}
            download
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <Download aria-hidden="true" className="size-4" />
            Download {format.toUpperCase()}
          </a>
        ))}
      </div>
    </div>
  );
}

/**
 * A circle's statement for payers and coordinators (ADR 0026): a Jamaica month, its counted visits, totals
 * and the estimates the server gives, and the CSV and PDF to download. It opens on the latest month with
 * visits (issue 32): this month when it has any, else the months before, newest first, read one at a
 * time; with none at all, this month. A month the user picks ends the search.
 */
export function CircleStatement({ circleId, createdAt }: { circleId: number; createdAt: string }) {
  const id = useId();
  const months = useMemo(() => statementMonths(createdAt), [createdAt]);
  const [picked, setPicked] = useState<string | null>(null);
  const [tried, setTried] = useState(0);
  const month = picked ?? months[tried] ?? months[0];
  const query = useCircleStatement(circleId, month, true);
  // Searching: the month read so far is empty and an older one is left to read.
  const searching = picked === null && query.data?.lines.length === 0 && tried < months.length - 1;
  const exhausted = picked === null && query.data?.lines.length === 0 && tried > 0 && !searching;
  useEffect(() => {
    if (searching) setTried((n) => n + 1);
    else if (exhausted) setPicked(months[0]);
  }, [searching, exhausted, months]);
  return (
    <div className="space-y-4">
      <FormField label="Month" id={`${id}-month`} className="max-w-xs">
        <Select value={month} onChange={(e) => setPicked(e.target.value)}>
          {months.map((m) => (
            <option key={m} value={m}>
              {monthLabel(m)}
            </option>
          ))}
        </Select>
      </FormField>
      {query.isPending || searching || exhausted ? (
        <Spinner label="Loading the statement" className="py-6" />
      ) : query.isError ? (
        <Alert>{errorMessage(query.error, 'The statement could not be loaded. Please try again.')}</Alert>
      ) : (
        <StatementBody view={query.data} circleId={circleId} />
      )}
    </div>
  );
}
