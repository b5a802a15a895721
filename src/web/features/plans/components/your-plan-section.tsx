import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { type PaidPlanId, PLANS, planOf } from '../../../../shared/pricing';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { formatDate } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { type SubscriptionView, useCancelPlan, useChangePlan, useSubscription } from '../api';
import { BillingHistory } from './billing-history';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

/** "Cancel plan" → one confirm → done: no survey, no offer, no second step (ADR 0037). */
function CancelPlan({ view }: { view: SubscriptionView }) {
  const cancel = useCancelPlan();
  const [open, setOpen] = useState(false);
  const name = planOf(view.plan).name;
  const end = view.currentPeriodEnd ? formatDate(view.currentPeriodEnd) : '';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline">Cancel plan</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-lg">
          <Dialog.Title className="text-lg font-bold">Cancel your {name}?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm">
            You will not be charged again.{' '}
            {view.status === 'past_due' ? 'It ends now' : `It keeps working until ${end}`}, then your account
            is on Basic, free. Your favourites, bookings and messages stay.
          </Dialog.Description>
          {cancel.isError ? (
            <Alert className="mt-4">
              {errorMessage(cancel.error, 'The plan was not cancelled. Please try again.')}
            </Alert>
          ) : null}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline">Keep my plan</Button>
            </Dialog.Close>
            <Button
              variant="destructive"
              disabled={cancel.isPending}
              onClick={async () => {
                // mutateAsync: the section re-renders without this dialog once the plan is cancelled.
                const v = await cancel.mutateAsync(undefined).catch(() => undefined);
                if (!v) return;
                setOpen(false);
                toast({
                  title: 'Plan cancelled',
                  description: v.currentPeriodEnd
                    ? `Your ${name} ends on ${formatDate(v.currentPeriodEnd)}. We sent you an e-mail.`
                    : 'Your account is on Basic. We sent you an e-mail.',
                });
              }}
            >
              {cancel.isPending ? 'Cancelling…' : 'Cancel plan'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ChangePlan({ view }: { view: SubscriptionView }) {
  const change = useChangePlan();
  const others = PLANS.filter((p) => p.monthlyJmd > 0 && p.id !== view.plan);
  const keep = view.cancelAtPeriodEnd || view.pendingPlan !== null;
  const run = (plan: PaidPlanId, title: string) =>
    change.mutate(
      { plan },
      {
        onSuccess: () => toast({ title }),
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Plan not changed',
            description: errorMessage(err, 'Please try again.'),
          }),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      {keep && view.plan !== 'basic' ? (
        <Button
          variant="outline"
          disabled={change.isPending}
          onClick={() => run(view.plan as PaidPlanId, 'Your plan continues')}
        >
          Keep the {planOf(view.plan).name}
        </Button>
      ) : null}
      {others.map((p) => (
        <Button
          key={p.id}
          variant="outline"
          disabled={change.isPending || view.status === 'past_due'}
          onClick={() => run(p.id as PaidPlanId, `Plan changed to ${p.name}`)}
        >
          Change to {p.name}
        </Button>
      ))}
    </div>
  );
}

/** Settings "Your plan": the plan, its renewal or end date and card; cancel in one step; change plan. */
export function YourPlanSection() {
  const { data, isPending, isError } = useSubscription();
  return (
    <section aria-labelledby="plan-heading" id="plan">
      <Card className="space-y-4">
        <CardTitle as="h2" id="plan-heading" className="text-xl">
          Your plan
        </CardTitle>
        {isPending ? (
          <Spinner label="Loading your plan" />
        ) : isError ? (
          <Alert>Your plan could not be loaded. Please refresh the page.</Alert>
        ) : data.plan === 'basic' ? (
          <>
            <p>
              You are on <strong>Basic</strong>, free.
            </p>
            <Link to="/pricing#plans" className={buttonClasses({ variant: 'outline' })}>
              See the plans
            </Link>
          </>
        ) : (
          <>
            <p data-testid="plan-status">
              <strong>{planOf(data.plan).name}</strong>
              {data.cancelAtPeriodEnd && data.currentPeriodEnd
                ? ` · cancelled, ends on ${formatDate(data.currentPeriodEnd)}`
                : data.status === 'past_due'
                  ? ` · the last renewal did not go through${data.nextRetryAt ? `; we try again on ${formatDate(data.nextRetryAt)}` : ''}`
                  : data.currentPeriodEnd
                    ? ` · renews on ${formatDate(data.currentPeriodEnd)}`
                    : ''}
            </p>
            {data.pendingPlan ? (
              <p className="text-sm">
                Changes to the {planOf(data.pendingPlan).name} on{' '}
                {data.currentPeriodEnd ? formatDate(data.currentPeriodEnd) : 'the renewal date'}.
              </p>
            ) : null}
            {data.card ? (
              <p className="text-sm text-muted-foreground">
                Charged to {BRANDS[data.card.brand] ?? 'card'} •••• {data.card.last4} (your cards:{' '}
                <Link to="/payment-settings" className="underline">
                  payment settings
                </Link>
                )
              </p>
            ) : null}
            <ChangePlan view={data} />
            {data.cancelAtPeriodEnd ? null : <CancelPlan view={data} />}
          </>
        )}
        {isPending || isError ? null : <BillingHistory />}
      </Card>
    </section>
  );
}
