import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { formatJmdExact as formatJmd, toCents } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Alert, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { type AdminMoneyItem, useRefundPlanCharge } from '../admin-money-api';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** What is left to refund of a plan charge in the admin list (cents). */
export const refundableOf = (item: AdminMoneyItem) =>
  item.kind === 'subscription' && item.status === 'paid'
    ? Math.max(0, toCents(item.amount) - toCents(item.refundedAmount ?? '0'))
    : 0;

/**
 * "Refund" on a paid plan charge in the admin money list (ADR 0054): an amount (all that is left by default)
 * and a reason the subscriber reads, then a confirmation step. One Idempotency-Key per opened dialog, so a
 * double click or a retry never refunds twice.
 */
export function PlanChargeRefundButton({ item }: { item: AdminMoneyItem }) {
  const [open, setOpen] = useState(false);
  const left = refundableOf(item);
  if (left === 0) return null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          Refund
        </Button>
      </Dialog.Trigger>
      {open ? <RefundDialog item={item} left={left} onDone={() => setOpen(false)} /> : null}
    </Dialog.Root>
  );
}

function RefundDialog({ item, left, onDone }: { item: AdminMoneyItem; left: number; onDone: () => void }) {
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [key] = useState(newKey);
  const refund = useRefundPlanCharge();
  const formId = useId();

  const valid = /^\d{1,7}(\.\d{1,2})?$/.test(amount.trim());
  const cents = valid ? toCents(amount.trim()) : null;
  const amountError = !valid
    ? 'Enter an amount in J$, like 1000.'
    : cents !== null && cents <= 0
      ? 'Enter an amount above J$ 0.'
      : cents !== null && cents > left
        ? `At most ${formatJmd(left)} is left to refund.`
        : undefined;
  const reasonError =
    reason.trim().length > 0 && reason.trim().length < 3 ? 'Say why (3 characters or more).' : undefined;
  const ready = !amountError && reason.trim().length >= 3 && cents !== null;
  const who = item.family ? `${item.family.firstName} ${item.family.lastName}` : 'the family';

  function send() {
    if (!ready || cents === null) return;
    refund.mutate(
      { chargeId: item.id, body: { amount: (cents / 100).toFixed(2), reason: reason.trim() }, key },
      {
        onSuccess: () => {
          onDone();
          toast({ title: 'Refunded', description: `${formatJmd(cents)} goes back to ${who}’s card.` });
        },
      },
    );
  }

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
      <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-surface p-6 shadow-lg">
        <Dialog.Title className="text-lg font-bold">Refund plan charge {item.id}</Dialog.Title>
        <Dialog.Description className="mt-2 text-sm">
          {item.reference} for {who}: {formatJmd(toCents(item.amount))} charged, {formatJmd(left)} left to
          refund. The money goes back to the card it was paid with, and {who} is told why.
        </Dialog.Description>
        {confirming && cents !== null ? (
          <div className="mt-4 space-y-4">
            <p className="font-semibold">
              Refund {formatJmd(cents)} to {who}? This cannot be undone.
            </p>
            <p className="text-sm break-words">Reason: {reason.trim()}</p>
            {refund.isError ? (
              <Alert>{errorMessage(refund.error, 'The refund did not go through. Please try again.')}</Alert>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="ghost" onClick={() => setConfirming(false)} disabled={refund.isPending}>
                Back
              </Button>
              <Button onClick={send} disabled={refund.isPending}>
                {refund.isPending ? 'Refunding…' : `Confirm refund of ${formatJmd(cents)}`}
              </Button>
            </div>
          </div>
        ) : (
          <form
            id={formId}
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (ready) setConfirming(true);
            }}
          >
            <FormField label="Amount (J$)" error={amountError}>
              <Input
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </FormField>
            <FormField label="Reason (the family reads it)" error={reasonError}>
              <Textarea value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
            </FormField>
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="ghost">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={!ready}>
                Review refund
              </Button>
            </div>
          </form>
        )}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
