import { CreditCard } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { PAYMENT_METHOD_MESSAGES } from '../../../../shared/contracts/payment-methods';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Alert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import {
  type PaymentMethodView,
  useMakeDefaultPaymentMethod,
  usePaymentMethods,
  useRemovePaymentMethod,
  useSavePaymentMethod,
} from '../api';
import { CardFieldsError } from '../hosted-fields';
import { type CardFieldsHandle, HostedCardFieldsFrame } from './hosted-card-fields';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

const cardName = (c: PaymentMethodView) => `${BRANDS[c.brand] ?? 'Card'} •••• ${c.last4}`;
const expiry = (c: PaymentMethodView) =>
  `${String(c.expMonth).padStart(2, '0')}/${String(c.expYear).slice(-2)}`;

function CardRow({ card }: { card: PaymentMethodView }) {
  const remove = useRemovePaymentMethod();
  const makeDefault = useMakeDefaultPaymentMethod();
  const busy = remove.isPending || makeDefault.isPending;
  const failed = (title: string) => (err: unknown) =>
    toast({ variant: 'destructive', title, description: errorMessage(err, 'Please try again.') });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="saved-card">
      <div className="flex min-w-0 items-center gap-3">
        <CreditCard aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        <div>
          <p className="font-semibold">
            {cardName(card)}
            {card.isDefault ? (
              <span className="ml-2 rounded bg-muted px-2 py-0.5 text-xs font-semibold">Default</span>
            ) : null}
          </p>
          <p className="text-sm text-muted-foreground">Expires {expiry(card)}</p>
        </div>
      </div>
      <div className="flex gap-2">
        {card.isDefault ? null : (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={`Make ${cardName(card)} the default card`}
            onClick={() => makeDefault.mutate(card.id, { onError: failed('Not changed') })}
          >
            Make default
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          aria-label={`Remove ${cardName(card)}`}
          onClick={() =>
            remove.mutate(card.id, {
              onSuccess: () => toast({ title: 'Card removed', description: cardName(card) }),
              onError: failed('Not removed'),
            })
          }
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

/**
 * A family's saved cards on /payment-settings (ADR 0032): the list, and a new card through the provider's
 * hosted fields (the same component as the payment page). Series visits are held on the default card 48
 * hours before each visit.
 */
export function SavedCards() {
  const { data, isPending, isError } = usePaymentMethods();
  const save = useSavePaymentMethod();
  const fields = useRef<CardFieldsHandle>(null);
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [tokenizing, setTokenizing] = useState(false);
  const busy = tokenizing || save.isPending;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setFailure(undefined);
    let token: string | undefined;
    setTokenizing(true);
    try {
      token = (await fields.current?.tokenize())?.token;
    } catch (err) {
      setFailure(
        err instanceof CardFieldsError ? err.message : 'The card could not be saved. Please try again.',
      );
      return;
    } finally {
      setTokenizing(false);
    }
    if (!token) return;
    save.mutate(token, {
      onSuccess: (card) => {
        setAdding(false);
        toast({ title: 'Card saved', description: cardName(card) });
      },
      onError: (err) => setFailure(errorMessage(err, 'The card could not be saved. Please try again.')),
    });
  };

  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <h2 className="text-xl font-bold">Saved cards</h2>
      <p className="text-sm text-muted-foreground">
        Visits of a weekly series are paid one by one: 48 hours before each visit we hold its total on your
        default card, and charge only the time the caregiver spent once it is done.{' '}
        {PAYMENT_METHOD_MESSAGES.honesty}
      </p>
      {isPending ? (
        <Spinner label="Loading your saved cards" />
      ) : isError ? (
        <Alert>Your saved cards could not be loaded. Please refresh the page.</Alert>
      ) : data.length === 0 ? (
        <p data-testid="no-saved-cards">No saved cards yet.</p>
      ) : (
        <ul className="divide-y divide-border" aria-label="Saved cards">
          {data.map((card) => (
            <CardRow key={card.id} card={card} />
          ))}
        </ul>
      )}
      {adding ? (
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="Add a card">
          <HostedCardFieldsFrame ref={fields} onSubmit={() => void submit()} />
          {failure ? <Alert>{failure}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : 'Save card'}
            </Button>
            <Button type="button" variant="outline" onClick={() => setAdding(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button type="button" variant="outline" onClick={() => setAdding(true)}>
          Add a card
        </Button>
      )}
    </Card>
  );
}
