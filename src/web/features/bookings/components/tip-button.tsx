import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import type { BookingView } from '../../../../shared/contracts/bookings';
import { maxTipCents, TIP_PRESETS_CENTS, TIP_RULES } from '../../../../shared/contracts/payments';
import { formatJmd, toCents } from '../../../../shared/money';
import { cardBrandName } from '../../../../shared/payment-status';
import { Button } from '../../../components/ui/button';
import { fieldClasses } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/error-messages';
import { Link } from '../../../lib/router';
import { usePaymentMethods, useTip } from '../../payments/api';

/** "You tipped J$ 1,000" on a completed booking's card, once a tip was given (ADR 0051). */
export function TipNote({ booking }: { booking: BookingView }) {
  if (!booking.tip) return null;
  return (
    <p className="self-center text-sm text-muted-foreground" data-testid="tip-note">
      You tipped {formatJmd(toCents(booking.tip.amount))}
    </p>
  );
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * "Add a tip" on the family's completed booking card (ADR 0051): preset amounts or a custom one, the saved
 * card to charge (or a link to add one), the total and that all of it goes to the caregiver. One
 * Idempotency-Key per opened dialog, so a double click or a retry never tips twice.
 */
export function TipButton({ booking, caregiver }: { booking: BookingView; caregiver: string }) {
  const [open, setOpen] = useState(false);
  if (!booking.canTip) return null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          Add a tip
        </Button>
      </Dialog.Trigger>
      {open ? <TipDialog booking={booking} caregiver={caregiver} onDone={() => setOpen(false)} /> : null}
    </Dialog.Root>
  );
}

function TipDialog({
  booking,
  caregiver,
  onDone,
}: {
  booking: BookingView;
  caregiver: string;
  onDone: () => void;
}) {
  const max = maxTipCents(toCents(booking.totalCost));
  const presets = TIP_PRESETS_CENTS.filter((c) => c <= max);
  const [choice, setChoice] = useState<number | 'custom'>(presets[1] ?? presets[0] ?? 'custom');
  const [custom, setCustom] = useState('');
  const [cardId, setCardId] = useState<number | null>(null);
  const [key] = useState(newKey);
  const cards = usePaymentMethods();
  const tip = useTip();
  const customId = useId();
  const cardIdField = useId();
  const errorId = useId();

  const customValid = /^\d{1,7}(\.\d{1,2})?$/.test(custom.trim());
  const cents = choice === 'custom' ? (customValid ? toCents(custom.trim()) : null) : choice;
  const amountError =
    cents === null
      ? choice === 'custom' && custom.trim() !== ''
        ? 'Enter an amount in J$, like 1000.'
        : null
      : cents < TIP_RULES.minCents
        ? `The smallest tip is ${formatJmd(TIP_RULES.minCents)}.`
        : cents > max
          ? `The largest tip for this visit is ${formatJmd(max)}.`
          : null;
  const list = cards.data ?? [];
  const card = list.find((c) => c.id === cardId) ?? list.find((c) => c.isDefault) ?? list[0];
  const ready = cents !== null && !amountError && !!card && !tip.isPending;

  function submit() {
    if (!ready || cents === null || !card) return;
    tip.mutate(
      { bookingId: booking.id, body: { amount: (cents / 100).toFixed(2), paymentMethodId: card.id }, key },
      {
        onSuccess: () => {
          onDone();
          toast({ title: 'Thank you!', description: `${caregiver} receives your ${formatJmd(cents)} tip.` });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Tip not sent',
            description: errorMessage(error, 'Please try again.'),
          }),
      },
    );
  }

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
      <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-surface p-6 shadow-lg">
        <Dialog.Title className="text-lg font-bold">Tip {caregiver}</Dialog.Title>
        <Dialog.Description className="mt-2 text-sm">
          100 % goes to {caregiver}, paid with their next Friday payout.
        </Dialog.Description>
        <form
          className="mt-4 space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <fieldset>
            <legend className="text-sm font-semibold">Amount</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {presets.map((c) => (
                <label
                  key={c}
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm',
                    choice === c ? 'border-primary-deep font-semibold' : 'border-border',
                  )}
                >
                  <input
                    type="radio"
                    name="tip-amount"
                    checked={choice === c}
                    onChange={() => setChoice(c)}
                  />
                  {formatJmd(c)}
                </label>
              ))}
              <label
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm',
                  choice === 'custom' ? 'border-primary-deep font-semibold' : 'border-border',
                )}
              >
                <input
                  type="radio"
                  name="tip-amount"
                  checked={choice === 'custom'}
                  onChange={() => setChoice('custom')}
                />
                Other amount
              </label>
            </div>
            {choice === 'custom' ? (
              <div className="mt-3 space-y-1">
                <label htmlFor={customId} className="text-sm font-semibold">
                  Amount in J$ ({formatJmd(TIP_RULES.minCents)} to {formatJmd(max)})
                </label>
                <input
                  id={customId}
                  inputMode="decimal"
                  autoComplete="off"
                  value={custom}
                  onChange={(e) => setCustom(e.target.value)}
                  aria-invalid={amountError ? true : undefined}
                  aria-describedby={amountError ? errorId : undefined}
                  className={fieldClasses}
                />
              </div>
            ) : null}
            {amountError ? (
              <p id={errorId} role="alert" className="mt-2 text-sm text-destructive">
                {amountError}
              </p>
            ) : null}
          </fieldset>

          <div className="space-y-1">
            {cards.isPending ? (
              <p className="text-sm">Loading your cards…</p>
            ) : cards.isError ? (
              <p role="alert" className="text-sm text-destructive">
                Your cards could not be loaded. Close this and try again.
              </p>
            ) : list.length === 0 ? (
              <p className="text-sm" data-testid="tip-no-card">
                A tip is charged to a saved card.{' '}
                <Link to="/payment-settings" className="font-semibold text-primary-deep underline">
                  Add a card in payment settings
                </Link>
              </p>
            ) : (
              <>
                <label htmlFor={cardIdField} className="text-sm font-semibold">
                  Card to charge
                </label>
                <select
                  id={cardIdField}
                  value={card?.id ?? ''}
                  onChange={(e) => setCardId(Number(e.target.value))}
                  className={fieldClasses}
                >
                  {list.map((c) => (
                    <option key={c.id} value={c.id}>
                      {cardBrandName(c.brand)} ending {c.last4}
                      {c.isDefault ? ' (default)' : ''}
                    </option>
                  ))}
                </select>
              </>
            )}
          </div>

          <p className="text-base font-semibold" data-testid="tip-total">
            Total: {cents !== null && !amountError ? formatJmd(cents) : '—'}
          </p>

          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button type="button" variant="outline">
                Not now
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={!ready}>
              {tip.isPending
                ? 'Sending…'
                : cents !== null && !amountError
                  ? `Tip ${formatJmd(cents)}`
                  : 'Tip'}
            </Button>
          </div>
        </form>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
