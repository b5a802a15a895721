import { useState } from 'react';
import { formatJmd, toCents } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Alert, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { formatCalendarDate, formatDate } from '../../../lib/format';
import { type AdminMoneyFilter, type AdminMoneyItem, useAdminMoney } from '../admin-money-api';
import { PlanChargeRefundButton } from './plan-charge-refund';

const STATUS: Record<string, string> = {
  declined: 'Declined',
  awaiting_transfer: 'Awaiting transfer',
  authorized: 'Card held',
  received: 'Transfer received (held)',
  captured: 'Charged',
  voided: 'Released',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  cancelled: 'Cancelled',
  paid: 'Paid out',
};
const ACCOUNT: Record<string, string> = {
  family_source: 'Family’s card or bank',
  booking_hold: 'Held for the booking',
  family_receivable: 'Owed by the family',
  platform_revenue: 'YaadCare fee',
  caregiver_payable: 'Owed to the caregiver',
  payout_sent: 'Paid out',
};
const signed = (amount: string) => {
  const cents = toCents(amount);
  return `${cents < 0 ? '−' : '+'}${formatJmd(Math.abs(cents))}`;
};
const person = (p: AdminMoneyItem['family']) => (p ? `${p.firstName} ${p.lastName} (user ${p.userId})` : '—');
const whole = (v: string) => (/^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : undefined);

function MoneyRow({ item }: { item: AdminMoneyItem }) {
  const title =
    item.kind === 'payout'
      ? `Payout ${item.id} for ${item.payoutDate ? formatCalendarDate(item.payoutDate) : '—'}`
      : item.kind === 'subscription'
        ? `Plan charge ${item.id} · ${item.reference}`
        : `Payment ${item.id} · booking ${item.bookingId} · ${item.method}`;
  return (
    <li className="min-w-0 space-y-2 rounded-xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold break-words">{title}</h3>
        <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-bold">
          {item.kind === 'subscription' && item.status === 'paid'
            ? 'Charged'
            : (STATUS[item.status] ?? item.status)}
        </span>
      </div>
      <p className="text-sm break-words text-muted-foreground">
        {formatJmd(toCents(item.amount))}
        {item.capturedAmount && toCents(item.capturedAmount) > 0
          ? ` · charged ${formatJmd(toCents(item.capturedAmount))}`
          : ''}
        {item.refundedAmount && toCents(item.refundedAmount) > 0
          ? ` · refunded ${formatJmd(toCents(item.refundedAmount))}`
          : ''}
        {item.reference && item.kind !== 'subscription' ? ` · ref ${item.reference}` : ''} ·{' '}
        {formatDate(item.createdAt)}
      </p>
      {item.kind === 'subscription' ? <PlanChargeRefundButton item={item} /> : null}
      <p className="text-sm break-words">
        {item.kind === 'subscription' ? (
          <>Family: {person(item.family)}</>
        ) : (
          <>
            {item.kind === 'payment' ? <>Family: {person(item.family)} · </> : null}
            Caregiver: {person(item.caregiver)}
          </>
        )}
      </p>
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-primary">
          Ledger entries ({item.ledger.length})
        </summary>
        {item.ledger.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No money has moved for it.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {item.ledger.map((e) => (
              <li
                key={e.id}
                className="flex flex-wrap justify-between gap-x-3 rounded-md bg-muted px-3 py-1.5"
              >
                <span className="break-words">
                  {e.kind.replaceAll('_', ' ')} · {ACCOUNT[e.account] ?? e.account}
                </span>
                <span className="font-mono">{signed(e.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </details>
    </li>
  );
}

/** /admin "Payments": every hold, capture, refund and payout with its ledger entries, by booking and user. */
export function AdminMoneyPanel() {
  const [form, setForm] = useState({ bookingId: '', userId: '' });
  const [filter, setFilter] = useState<AdminMoneyFilter>({ page: 1 });
  const [invalid, setInvalid] = useState<string | null>(null);
  const { data, isPending, isError, isFetching } = useAdminMoney(filter);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section aria-labelledby="money-heading" className="space-y-4">
      <h2 id="money-heading" className="text-xl font-bold">
        Holds, charges, refunds and payouts
      </h2>
      <form
        aria-label="Filter payments"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const bookingId = whole(form.bookingId);
          const userId = whole(form.userId);
          if ((form.bookingId.trim() && !bookingId) || (form.userId.trim() && !userId)) {
            setInvalid('Ids are whole numbers.');
            return;
          }
          setInvalid(null);
          setFilter({ bookingId, userId, page: 1 });
        }}
      >
        <FormField label="Booking id" className="w-36" error={invalid ?? undefined}>
          <Input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={form.bookingId}
            onChange={(e) => setForm({ ...form, bookingId: e.target.value })}
          />
        </FormField>
        <FormField label="User id (family or caregiver)" className="w-56">
          <Input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={form.userId}
            onChange={(e) => setForm({ ...form, userId: e.target.value })}
          />
        </FormField>
        <Button type="submit">Filter</Button>
        <Button
          variant="ghost"
          onClick={() => {
            setForm({ bookingId: '', userId: '' });
            setInvalid(null);
            setFilter({ page: 1 });
          }}
        >
          Clear
        </Button>
      </form>
      {isPending ? (
        <Spinner label="Loading payments" />
      ) : isError ? (
        <Alert>Payments could not be loaded.</Alert>
      ) : data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          No payments or payouts match.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data.total} record(s) · page {data.page} of {pages}
          </p>
          <ul className="space-y-3" aria-busy={isFetching}>
            {data.items.map((item) => (
              <MoneyRow key={`${item.kind}-${item.id}`} item={item} />
            ))}
          </ul>
          <nav aria-label="Payments pages" className="flex items-center gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={filter.page <= 1}
              onClick={() => setFilter({ ...filter, page: filter.page - 1 })}
            >
              Previous
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={filter.page >= pages}
              onClick={() => setFilter({ ...filter, page: filter.page + 1 })}
            >
              Next
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
