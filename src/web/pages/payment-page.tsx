import { CheckCircle2, Lock } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type FormEvent, useRef, useState } from 'react';
import type { PaymentMethodValue } from '../../shared/contracts/payments';
import { formatJmd, PLATFORM_FEE_PERCENT, toCents } from '../../shared/money';
import { LIVE_PAYMENT_STATUSES, paymentOutcome, paymentStatusLabel } from '../../shared/payment-status';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Alert } from '../components/ui/form-field';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/use-toast';
import { useCurrentUser } from '../features/auth/api';
import { useBooking } from '../features/bookings/api';
import { formatDay, timeRange } from '../features/bookings/booking-time-text';
import { CancellationPolicy } from '../features/bookings/components/cancellation-policy';
import { useAppConfig } from '../features/config/api';
import { useEstimate } from '../features/fx/api';
import { type PaymentView, usePay } from '../features/payments/api';
import {
  type CardFieldsHandle,
  HostedCardFieldsFrame,
} from '../features/payments/components/hosted-card-fields';
import { HostedPaymentPage } from '../features/payments/components/hosted-payment-page';
import { MethodInfo } from '../features/payments/components/method-info';
import { CardFieldsError } from '../features/payments/hosted-fields';
import { ApiError } from '../lib/api';
import { errorMessage } from '../lib/error-messages';
import { Link, useNavigate, useParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

/** docs/product.md#payments tab values; 'stripe' is the card tab. */
const TABS: { value: string; label: string; method: PaymentMethodValue }[] = [
  { value: 'stripe', label: 'Card', method: 'card' },
  { value: 'paypal', label: 'PayPal', method: 'paypal' },
  { value: 'bank', label: 'Bank transfer', method: 'bank' },
  { value: 'zelle', label: 'Zelle', method: 'zelle' },
  { value: 'cashapp', label: 'Cash App', method: 'cashapp' },
  { value: 'digital', label: 'Digital wallets', method: 'digital' },
];

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

function PaidState({
  payment,
}: {
  payment: PaymentView | NonNullable<ReturnType<typeof useBooking>['data']>['payment'];
}) {
  if (!payment) return null;
  const instructions = 'instructions' in payment ? payment.instructions : null;
  const outcome = paymentOutcome(payment);
  return (
    <Card className="space-y-3" data-testid="payment-status">
      <h2 className="flex items-center gap-2 text-xl font-bold">
        <CheckCircle2 aria-hidden="true" className="size-6 text-primary" />
        {paymentStatusLabel(payment.status, payment.method)}
      </h2>
      {outcome ? <p data-testid="payment-outcome">{outcome}</p> : null}
      {payment.status === 'awaiting_transfer' ? (
        <>
          <p>
            Your reference: <strong className="font-mono">{payment.reference}</strong>
          </p>
          {instructions ? <p className="text-sm">{instructions}</p> : null}
          <p className="text-sm text-muted-foreground">
            We confirm your booking’s payment as soon as the transfer arrives (usually 1–2 business days).
          </p>
        </>
      ) : payment.status === 'authorized' ? (
        <p className="text-sm text-muted-foreground">
          Nothing is charged if the caregiver declines: the hold is released.
        </p>
      ) : null}
      <Link to="/bookings" className={buttonClasses({ variant: 'outline' })}>
        Go to my bookings
      </Link>
    </Card>
  );
}

/** /payment/{bookingId}: the booking summary and the spec's payment tabs, through the server. */
export default function PaymentPage() {
  useDocumentTitle('Payment');
  const navigate = useNavigate();
  const bookingId = Number(useParams().bookingId);
  const { data: booking, isPending, error } = useBooking(bookingId);
  const { data: user } = useCurrentUser();
  // PowerTranz takes the card on its own hosted page with 3-D Secure (ADR 0053); the sandbox in its fields.
  const { data: config } = useAppConfig();
  const hostedPage = config?.cardEntry === 'hosted-page';
  // Each new hosted page attempt remounts it (a new transaction).
  const [pageRound, setPageRound] = useState(0);
  const payMutation = usePay();
  // One attempt = one Idempotency-Key, and for cards the token the hosted fields gave for it: a retry
  // after a network failure resends both; a definite answer (paid, declined, refused) starts anew.
  const attempt = useRef<{ key: string; token?: string }>({ key: newKey() });
  const cardFields = useRef<CardFieldsHandle>(null);
  const [tab, setTab] = useState('stripe');
  const [wallet, setWallet] = useState<'apple_pay' | 'google_pay'>('apple_pay');
  const [failure, setFailure] = useState<string>();
  const [tokenizing, setTokenizing] = useState(false);
  const [result, setResult] = useState<PaymentView>();
  // The total in the member's own currency, for reading only (ADR 0026): the charge is in JMD.
  const estimate = useEstimate(booking ? toCents(booking.totalCost) : 0, user?.currency, !!booking);

  if (!Number.isInteger(bookingId) || bookingId <= 0 || (error instanceof ApiError && error.status === 404)) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Booking not found</h1>
        <Link to="/bookings" className={buttonClasses({ className: 'mt-6' })}>
          My bookings
        </Link>
      </div>
    );
  }
  if (isPending) return <Spinner label="Loading your booking" />;
  if (!booking)
    return <Alert className="m-6">Your booking could not be loaded. Please refresh the page.</Alert>;

  const total = toCents(booking.totalCost);
  const live =
    result ??
    (booking.payment && LIVE_PAYMENT_STATUSES.includes(booking.payment.status) ? booking.payment : null);
  // A completed booking nobody paid for yet is still paid here (charged at once).
  const closed = !['pending', 'confirmed', 'completed'].includes(booking.status);
  // A care circle's booking is paid by one of its payers (the server says so in canPay), not its booker.
  const circle = booking.circle;
  const notPayer = circle
    ? !circle.canPay && (booking.status === 'pending' || booking.status === 'confirmed')
    : !!user && user.id !== booking.familyId;

  const busy = tokenizing || payMutation.isPending;
  const submit = (method: PaymentMethodValue) => async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setFailure(undefined);
    const current = attempt.current;
    if ((method === 'card' || method === 'digital') && !current.token) {
      // The card goes from the hosted fields to the provider; we receive only its single-use token.
      setTokenizing(true);
      try {
        current.token = (await cardFields.current?.tokenize())?.token;
      } catch (err) {
        setFailure(
          err instanceof CardFieldsError ? err.message : 'The payment did not go through. Please try again.',
        );
        return;
      } finally {
        setTokenizing(false);
      }
      if (!current.token) return;
    }
    const paymentToken = method === 'card' || method === 'digital' ? current.token : undefined;
    payMutation.mutate(
      {
        body: {
          bookingId: booking.id,
          method,
          ...(paymentToken ? { paymentToken } : {}),
          ...(method === 'digital' ? { wallet } : {}),
        },
        key: current.key,
      },
      {
        onSuccess: (payment) => {
          attempt.current = { key: newKey() };
          setResult(payment);
          if (payment.status === 'awaiting_transfer') {
            toast({
              title: 'Transfer details ready',
              description: `Quote ${payment.reference} with your transfer.`,
            });
            return;
          }
          toast({
            title: 'Payment Successful!',
            description: paymentOutcome(payment) ?? 'You are charged after the visit.',
          });
          // The paid booking stands first on the list, marked (issue 32).
          navigate(`/bookings?booking=${bookingId}`);
        },
        onError: (err) => {
          // A definite answer (declined, invalid) ends this attempt; a network failure keeps the key to retry safely.
          if (err instanceof ApiError) {
            attempt.current = { key: newKey() };
            setPageRound((n) => n + 1);
          }
          setFailure(
            method === 'paypal'
              ? 'PayPal payment failed. Please try again.'
              : errorMessage(err, 'The payment did not go through. Please try again.'),
          );
        },
      },
    );
  };

  // With a hosted page, the page's confirmation is the family's act: pay at once with its token.
  const payWithPageToken = (token: string) => {
    attempt.current = { key: newKey(), token };
    void submit('card')();
  };
  // The provider's hosted page takes cards only: PayPal and wallets are the sandbox's (ADR 0053).
  const tabs = hostedPage ? TABS.filter((t) => t.method !== 'paypal' && t.method !== 'digital') : TABS;

  const cardForm = (method: PaymentMethodValue) => (
    <HostedCardFieldsFrame ref={cardFields} onSubmit={() => void submit(method)()} />
  );
  const payLabel = busy ? 'Processing…' : `Hold ${formatJmd(total)}`;

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-6">
        <h1 className="text-3xl font-extrabold tracking-tight">Secure payment</h1>
        {failure ? <Alert>{failure}</Alert> : null}
        {live ? (
          <PaidState payment={live} />
        ) : notPayer ? (
          <Alert variant="info">
            {circle
              ? `A payer in the circle for ${circle.recipient.firstName} pays for this booking.`
              : 'Only the family who made this booking pays for it.'}
          </Alert>
        ) : booking.status === 'awaiting_approval' ? (
          <Alert variant="info">
            This booking is waiting for a payer’s approval. It can be paid once approved.
          </Alert>
        ) : closed ? (
          <Alert variant="info">This booking is {booking.status} and can no longer be paid.</Alert>
        ) : (
          <Card className="p-4 sm:p-6">
            <Tabs.Root
              value={tab}
              onValueChange={(value) => {
                setTab(value);
                attempt.current = { key: newKey() };
              }}
            >
              <Tabs.List
                aria-label="Payment method"
                className="mb-6 flex flex-wrap gap-1 rounded-lg bg-muted p-1"
              >
                {tabs.map((t) => (
                  <Tabs.Trigger
                    key={t.value}
                    value={t.value}
                    className="rounded-md px-3 py-2 text-sm font-semibold hover:bg-surface data-[state=active]:bg-primary data-[state=active]:text-primary-foreground"
                  >
                    {t.label}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              <Tabs.Content value="stripe">
                {hostedPage ? (
                  <div className="space-y-4">
                    <MethodInfo method="card" />
                    <HostedPaymentPage
                      key={pageRound}
                      bookingId={booking.id}
                      disabled={busy}
                      onToken={payWithPageToken}
                      onOpen={() => setFailure(undefined)}
                      onFailure={(message) => {
                        setFailure(message);
                        setPageRound((n) => n + 1);
                      }}
                    />
                    {payMutation.isPending ? (
                      <Spinner label="Finishing your payment" className="py-4" />
                    ) : null}
                    {/* No answer (network): the same attempt again, with its key and token; never a second charge. */}
                    {failure && !payMutation.isPending && attempt.current.token ? (
                      <Button type="button" className="w-full" onClick={() => void submit('card')()}>
                        Try again
                      </Button>
                    ) : null}
                  </div>
                ) : (
                  <form onSubmit={submit('card')} noValidate className="space-y-4">
                    <MethodInfo method="card" />
                    {cardForm('card')}
                    <p className="text-xs text-muted-foreground">
                      Your card details go straight to our payment provider’s secure form; YaadCare never sees
                      them. Sandbox: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000
                      0000 9995 has insufficient funds.
                    </p>
                    <Button type="submit" className="w-full" disabled={busy}>
                      <Lock aria-hidden="true" className="size-4" /> {payLabel}
                    </Button>
                  </form>
                )}
              </Tabs.Content>
              <Tabs.Content value="paypal" className="space-y-4">
                <MethodInfo method="paypal" />
                <Button
                  className="w-full"
                  disabled={payMutation.isPending}
                  onClick={() => submit('paypal')()}
                >
                  {payMutation.isPending ? 'Processing…' : `Hold ${formatJmd(total)} with PayPal`}
                </Button>
              </Tabs.Content>
              {(['bank', 'zelle', 'cashapp'] as const).map((m) => (
                <Tabs.Content key={m} value={m} className="space-y-4">
                  <MethodInfo method={m} />
                  <p className="text-sm text-muted-foreground">
                    Your payment shows as awaiting transfer until our team confirms the money arrived.
                  </p>
                  <Button className="w-full" disabled={payMutation.isPending} onClick={() => submit(m)()}>
                    {payMutation.isPending ? 'Processing…' : 'Get transfer details'}
                  </Button>
                </Tabs.Content>
              ))}
              <Tabs.Content value="digital">
                <form onSubmit={submit('digital')} noValidate className="space-y-4">
                  <MethodInfo method="digital" />
                  <fieldset className="flex flex-wrap gap-4">
                    <legend className="mb-2 font-semibold">Wallet</legend>
                    {(
                      [
                        ['apple_pay', 'Apple Pay'],
                        ['google_pay', 'Google Pay'],
                      ] as const
                    ).map(([value, label]) => (
                      <label key={value} className="flex items-center gap-2">
                        <input
                          type="radio"
                          name="wallet"
                          value={value}
                          checked={wallet === value}
                          onChange={() => setWallet(value)}
                        />
                        {label}
                      </label>
                    ))}
                  </fieldset>
                  {cardForm('digital')}
                  <Button type="submit" className="w-full" disabled={busy}>
                    {payLabel}
                  </Button>
                </form>
              </Tabs.Content>
            </Tabs.Root>
          </Card>
        )}
      </div>
      <aside aria-label="Booking summary" className="space-y-4">
        <Card className="space-y-3 p-5 sm:p-6">
          <h2 className="text-lg font-bold">
            {booking.caregiver.firstName} {booking.caregiver.lastName.slice(0, 1)}.
          </h2>
          <p className="text-sm">
            {formatDay(booking.date)}
            <br />
            {timeRange(booking)}
          </p>
          <dl className="space-y-1.5 text-sm">
            <div className="flex justify-between gap-3">
              <dt>
                {formatJmd(toCents(booking.hourlyRate))} × {booking.duration} h
              </dt>
              <dd>{formatJmd(toCents(booking.subtotal))}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt>Platform fee ({PLATFORM_FEE_PERCENT}%)</dt>
              <dd>{formatJmd(toCents(booking.platformFee))}</dd>
            </div>
            <div className="flex justify-between gap-3 border-t border-border-strong pt-1.5 text-base font-bold">
              <dt>Total</dt>
              <dd data-testid="payment-total">{formatJmd(total)}</dd>
            </div>
          </dl>
          {estimate ? (
            <p className="text-sm text-muted-foreground" data-testid="payment-estimate">
              {estimate.text}. Estimate for reading only: the charge is in Jamaican dollars.
            </p>
          ) : null}
        </Card>
        <CancellationPolicy />
      </aside>
    </div>
  );
}
