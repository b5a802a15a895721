import { Download, Wallet } from 'lucide-react';
import { useState } from 'react';
import { toCsv } from '../../shared/csv';
import { formatJmd, toCents } from '../../shared/money';
import { PAYOUT_ARRIVAL, PAYOUT_DAY } from '../../shared/pricing';
import { Button, buttonClasses } from '../components/ui/button';
import { Alert } from '../components/ui/form-field';
import { Select } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { formatDay } from '../features/bookings/booking-time-text';
import { type EarningsView, useEarnings } from '../features/payments/api';
import { formatDate } from '../lib/format';
import { Link } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

type Filter = 'all' | 'paid' | 'pending';
type Item = EarningsView['items'][number];

const KIND_LABEL: Record<Item['kind'], string> = {
  earning: 'Booking',
  late_cancellation_fee: 'Late-cancellation fee',
  payout: 'Payout',
  tip: 'Tip',
};

/** CSV of exactly the rows listed, through the one CSV writer (RFC 4180, formula cells neutralised). */
export function earningsCsv(items: Item[]): string {
  return toCsv(
    ['Date', 'Type', 'Description', 'Amount (JMD)', 'Status'],
    items.map((i) => [
      i.date.slice(0, 10),
      KIND_LABEL[i.kind],
      i.description,
      i.kind === 'payout' && !i.amount.startsWith('-') ? `-${i.amount}` : i.amount,
      i.status,
    ]),
  );
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** What /payment-settings asks for; all of it is missing until a payout account is saved. */
const PAYOUT_ACCOUNT_FIELDS = ['bank name', 'account holder', 'account number'];

/** The history table's columns; amounts line up on the right. */
const COLUMNS = [
  { label: 'Date', className: 'px-4 py-2' },
  { label: 'Description', className: 'px-4 py-2' },
  { label: 'Amount', className: 'px-4 py-2 text-right' },
  { label: 'Status', className: 'px-4 py-2' },
];

/** /earnings: real totals from the ledger, the all / paid / pending filter, CSV export, payout method. */
export default function EarningsPage() {
  useDocumentTitle('Earnings');
  const user = useSignedInUser();
  const { data, isPending, isError } = useEarnings();
  const [filter, setFilter] = useState<Filter>('all');
  if (user.userType !== 'caregiver') {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Earnings</h1>
        <p className="mt-2 text-muted-foreground">Earnings are for caregiver accounts.</p>
      </div>
    );
  }
  const items = data ? data.items.filter((i) => filter === 'all' || i.status === filter) : [];
  // Without a payout account nothing is paid on Friday: say so instead of promising a payout.
  const payable = data?.hasPayoutAccount ?? false;
  // Payouts already made went to an account that is no longer on file: never say "no payouts yet" then.
  const paidBefore = data
    ? toCents(data.totals.paid) > 0 || data.items.some((i) => i.kind === 'payout')
    : false;
  const cards = data
    ? [
        { label: 'Total earnings', value: data.totals.total, id: 'total' },
        {
          label: payable ? 'Available for payout' : 'Available, waiting for your bank account',
          value: data.totals.available,
          id: 'available',
        },
        { label: 'Pending (48 h hold)', value: data.totals.pending, id: 'pending' },
        { label: 'Paid out', value: data.totals.paid, id: 'paid' },
      ]
    : [];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Earnings</h1>
          <p className="mt-1 text-muted-foreground">
            Payments are processed weekly on {PAYOUT_DAY}s and arrive within {PAYOUT_ARRIVAL}
            {data && !payable ? ', once you have added a bank account.' : '.'}
            {data && payable ? ` Next payout: ${formatDay(data.nextPayoutDate)}.` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/receipts" className={buttonClasses({ variant: 'outline' })}>
            Receipts
          </Link>
          <Link to="/payment-settings" className={buttonClasses({ variant: 'outline' })}>
            <Wallet aria-hidden="true" className="size-4" /> Payment method
          </Link>
        </div>
      </div>
      {isPending ? <Spinner label="Loading earnings" /> : null}
      {isError ? <Alert>Your earnings could not be loaded. Please refresh the page.</Alert> : null}
      {data ? (
        <>
          {!payable ? (
            <Alert variant="info" className="mb-6">
              <p className="font-semibold">
                {paidBefore
                  ? 'No bank account on file: earlier payouts went to an account that has since been removed.'
                  : 'No payouts yet: we do not have your bank account.'}
              </p>
              <p className="mt-1">
                Missing: {PAYOUT_ACCOUNT_FIELDS.join(', ')}. Your earnings stay on your balance until you add
                {paidBefore ? ' an account to be paid again' : ' them'}; the first {PAYOUT_DAY} after that, we
                pay out what is available.
              </p>
              <p className="mt-2">
                <Link to="/payment-settings" className="font-semibold underline">
                  Add your bank account
                </Link>
              </p>
            </Alert>
          ) : null}
          <dl className="mb-8 grid grid-cols-2 gap-3 md:grid-cols-4">
            {cards.map((c) => (
              <div key={c.id} className="rounded-xl border border-border bg-surface p-4">
                <dt className="text-sm text-muted-foreground">{c.label}</dt>
                <dd className="text-2xl font-bold tabular-nums" data-testid={`earnings-${c.id}`}>
                  {formatJmd(toCents(c.value))}
                </dd>
              </div>
            ))}
          </dl>
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <div className="space-y-1.5">
              <label htmlFor="earnings-filter" className="text-sm font-semibold">
                Show
              </label>
              <Select
                id="earnings-filter"
                value={filter}
                onChange={(e) => setFilter(e.target.value as Filter)}
              >
                <option value="all">All</option>
                <option value="paid">Paid</option>
                <option value="pending">Pending</option>
              </Select>
            </div>
            <Button
              variant="outline"
              disabled={items.length === 0}
              onClick={() => download(`yaadcare-earnings-${filter}.csv`, earningsCsv(items))}
            >
              <Download aria-hidden="true" className="size-4" /> Export CSV
            </Button>
          </div>
          {items.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
              No earnings to show yet. Completed bookings appear here.
            </p>
          ) : (
            <div className="relative overflow-x-auto rounded-xl border border-border bg-surface">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Earnings and payouts</caption>
                <thead className="bg-muted">
                  <tr>
                    {COLUMNS.map((c) => (
                      <th key={c.label} scope="col" className={c.className}>
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {items.map((i) => (
                    <tr
                      key={i.id}
                      className="border-t border-border"
                      data-testid="earnings-row"
                      data-status={i.status}
                    >
                      <td className="px-4 py-2 whitespace-nowrap">{formatDate(i.date)}</td>
                      <td className="px-4 py-2">
                        <span className="font-semibold">{KIND_LABEL[i.kind]}</span> · {i.description}
                      </td>
                      <td className="px-4 py-2 text-right tabular-nums">
                        {i.kind === 'payout' ? '−' : ''}
                        {formatJmd(toCents(i.amount))}
                      </td>
                      <td className="px-4 py-2">
                        <span
                          className={
                            i.status === 'paid'
                              ? 'rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary-deep'
                              : 'rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold'
                          }
                        >
                          {i.status === 'paid' ? 'Paid' : 'Pending'}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
