import { Check } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { jmd, PAID_PLAN_IDS, type PaidPlanId, planOf } from '../../shared/pricing';
import { Alert } from '../components/ui/alert';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/use-toast';
import { usePaymentMethods } from '../features/payments/api';
import {
  type CardFieldsHandle,
  HostedCardFieldsFrame,
} from '../features/payments/components/hosted-card-fields';
import { CardFieldsError } from '../features/payments/hosted-fields';
import { useSubscribe, useSubscription } from '../features/plans/api';
import { errorMessage } from '../lib/error-messages';
import { formatDate } from '../lib/format';
import { Link, useNavigate, useParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

const isPaidPlan = (id: string | undefined): id is PaidPlanId => PAID_PLAN_IDS.includes(id as PaidPlanId);

/**
 * /plans/:plan: a family chooses a paid plan and pays the first month through the provider's hosted card
 * fields (our server receives only the single-use token; the card is saved for the renewals).
 */
export default function PlanCheckoutPage() {
  const { plan: id } = useParams();
  const known = isPaidPlan(id);
  const plan = known ? planOf(id) : undefined;
  useDocumentTitle(plan ? `Choose the ${plan.name}` : 'Plan not found');
  const current = useSubscription();
  const subscribe = useSubscribe();
  const navigate = useNavigate();
  const fields = useRef<CardFieldsHandle>(null);
  const [failure, setFailure] = useState<string>();
  const [tokenizing, setTokenizing] = useState(false);
  const cards = usePaymentMethods().data ?? [];
  // 'new' or a saved card's id; the default saved card is offered first.
  const [choice, setChoice] = useState<'new' | number | undefined>(undefined);
  const chosen = choice ?? cards.find((c) => c.isDefault)?.id ?? 'new';
  const busy = tokenizing || subscribe.isPending;

  if (!known || !plan) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Plan not found</h1>
        <Link to="/pricing#plans" className={buttonClasses({ className: 'mt-6' })}>
          See the plans
        </Link>
      </div>
    );
  }

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setFailure(undefined);
    let token: string | undefined;
    if (chosen !== 'new') return pay({ plan: id, paymentMethodId: chosen });
    setTokenizing(true);
    try {
      token = (await fields.current?.tokenize())?.token;
    } catch (err) {
      setFailure(
        err instanceof CardFieldsError ? err.message : 'The payment did not go through. Please try again.',
      );
      return;
    } finally {
      setTokenizing(false);
    }
    if (!token) return;
    pay({ plan: id, paymentToken: token });
  };

  const pay = (body: Parameters<typeof subscribe.mutate>[0]) =>
    subscribe.mutate(body, {
      onSuccess: (view) => {
        toast({
          title: `You are on the ${plan.name}`,
          description: view.currentPeriodEnd
            ? `It renews on ${formatDate(view.currentPeriodEnd)}.`
            : undefined,
        });
        navigate('/settings#plan');
      },
      onError: (err) => setFailure(errorMessage(err, 'The payment did not go through. Please try again.')),
    });

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Choose the {plan.name}</h1>
      <Card className="space-y-3">
        <p className="text-2xl font-bold">
          {jmd(plan.monthlyJmd)} <span className="text-base font-normal text-muted-foreground">a month</span>
        </p>
        <ul className="space-y-2">
          {plan.features.map((f) => (
            <li key={f} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <span>{f}</span>
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted-foreground">
          You pay {jmd(plan.monthlyJmd)} now for the first month; it renews on the same day each month, with a
          reminder 3 days before. Cancel at any time in Settings, in one step: the plan then works to the end
          of the month you paid for.
        </p>
      </Card>
      {current.isPending ? (
        <Spinner label="Loading your plan" />
      ) : current.data && current.data.plan !== 'basic' ? (
        <Alert>
          You are on the {planOf(current.data.plan).name}.{' '}
          <Link to="/settings#plan" className="underline">
            Change or cancel it in Settings
          </Link>
          .
        </Alert>
      ) : (
        <Card>
          <form onSubmit={submit} noValidate className="space-y-4" aria-label={`Pay for the ${plan.name}`}>
            <h2 className="text-xl font-bold">Your card</h2>
            {cards.length > 0 ? (
              <fieldset className="space-y-2">
                <legend className="sr-only">Card to pay with</legend>
                {[
                  ...cards.map((c) => ({
                    value: c.id as number | 'new',
                    label: `Saved card •••• ${c.last4}`,
                  })),
                  { value: 'new' as const, label: 'A new card' },
                ].map((o) => (
                  <label key={o.value} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="card"
                      className="size-4"
                      checked={chosen === o.value}
                      onChange={() => setChoice(o.value)}
                    />
                    {o.label}
                  </label>
                ))}
              </fieldset>
            ) : null}
            {chosen === 'new' ? <HostedCardFieldsFrame ref={fields} onSubmit={() => void submit()} /> : null}
            {failure ? <Alert>{failure}</Alert> : null}
            <Button type="submit" disabled={busy} className="w-full">
              {busy ? 'Paying…' : `Pay ${jmd(plan.monthlyJmd)} and start the ${plan.name}`}
            </Button>
          </form>
        </Card>
      )}
    </div>
  );
}
