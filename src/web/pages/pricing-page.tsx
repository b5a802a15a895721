import { Check } from 'lucide-react';
import { PLATFORM_FEE_PERCENT, priceBooking, toCents } from '../../shared/money';
import {
  FREE_CANCELLATION_HOURS,
  jmd,
  jmdRange,
  LATE_CANCELLATION_PERCENT,
  PAYOUT_ARRIVAL,
  PAYOUT_DAY,
  PLANS,
  PRICE_CHANGE_NOTICE_DAYS,
  TYPICAL_RATES,
} from '../../shared/pricing';
import { CallToAction, InfoSection, PageHero } from '../features/info-pages/components/page-parts';
import { PlanChoice } from '../features/plans/components/plan-choice';
import { cn } from '../lib/cn';
import { usePageMeta } from '../lib/use-page-meta';

/** The worked example uses the same fee rule as checkout (src/shared/money). */
const EXAMPLE = { rate: 1000, hours: 4 };
const example = priceBooking(toCents(EXAMPLE.rate), EXAMPLE.hours);
const wholeJmd = (cents: number) => jmd(Math.round(cents / 100));

function PlanCard({ plan }: { plan: (typeof PLANS)[number] }) {
  const headingId = `plan-${plan.id}`;
  return (
    <li
      className={cn(
        'flex h-full flex-col rounded-2xl border bg-surface p-6 shadow-sm sm:p-8',
        plan.id === 'family' ? 'border-primary ring-2 ring-primary' : 'border-border',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-xl font-bold">
          {plan.name}
        </h3>
        {plan.available ? null : (
          <span className="rounded-full bg-accent-soft px-3 py-1 text-xs font-bold text-foreground uppercase">
            Not on sale yet
          </span>
        )}
      </div>
      <p className="mt-4">
        <span className="text-4xl font-extrabold tracking-tight">
          {plan.monthlyJmd === 0 ? 'Free' : jmd(plan.monthlyJmd)}
        </span>
        {plan.monthlyJmd === 0 ? null : <span className="text-muted-foreground"> / month</span>}
      </p>
      <p className="mt-2 text-muted-foreground">{plan.summary}</p>
      <ul className="mt-5 flex-1 space-y-2">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {plan.available ? <PlanChoice plan={plan} /> : null}
    </li>
  );
}

export default function PricingPage() {
  usePageMeta({
    title: 'Pricing',
    description: `YaadCare pricing in JMD: free Basic plan, typical caregiver rates in Jamaica, a ${PLATFORM_FEE_PERCENT}% platform fee charged after the service, and free cancellation up to ${FREE_CANCELLATION_HOURS} hours before.`,
    canonicalPath: '/pricing',
  });

  return (
    <>
      <PageHero eyebrow="Pricing" title="Simple, upfront pricing in JMD">
        <p>
          Searching, messaging and booking on YaadCare are free. When you book, you pay the caregiver's hourly
          rate plus a {PLATFORM_FEE_PERCENT}% platform fee, and only after the service is completed. All
          prices are in Jamaican dollars (JMD).
        </p>
      </PageHero>

      <InfoSection id="plans" title="Plans">
        <ul className="grid gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>
        <p className="mt-6 max-w-3xl text-sm text-muted-foreground">
          Paid plans are billed monthly in JMD on the day you chose them, to your saved card. Cancel at any
          time in Settings, in one step: the plan keeps working until the end of the month you paid for. We
          give {PRICE_CHANGE_NOTICE_DAYS} days' notice before any price or plan change.
        </p>
      </InfoSection>

      <InfoSection
        id="rates"
        title="Typical caregiver rates in Jamaica"
        tone="muted"
        intro="Every caregiver sets their own rate, shown on their profile. Rates depend on experience, qualifications, location and how many people need care. These ranges are a guide."
      >
        <div className="relative overflow-x-auto rounded-2xl border border-border bg-surface shadow-sm">
          <table className="w-full min-w-[18rem] text-left">
            <caption className="sr-only">Typical caregiver rates in Jamaican dollars</caption>
            <thead className="bg-primary-soft text-primary-deep">
              <tr>
                <th scope="col" className="px-4 py-3 font-bold sm:px-6">
                  Type of care
                </th>
                <th scope="col" className="px-4 py-3 font-bold sm:px-6">
                  Typical rate (JMD)
                </th>
              </tr>
            </thead>
            <tbody>
              {TYPICAL_RATES.map((rate) => (
                <tr key={rate.care} className="border-t border-border">
                  <th scope="row" className="px-4 py-3 font-medium sm:px-6">
                    {rate.care}
                  </th>
                  <td className="px-4 py-3 sm:px-6">
                    {jmdRange(rate.minJmd, rate.maxJmd)} per {rate.per}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </InfoSection>

      <InfoSection id="payment" title="How payment works">
        <div className="grid gap-6 lg:grid-cols-2">
          <ol className="space-y-4">
            <li className="rounded-2xl border border-border bg-surface p-5 shadow-sm">
              <h3 className="font-bold">1. You see the full cost before you book</h3>
              <p className="mt-1 text-muted-foreground">
                The booking shows the caregiver's rate times the hours, the {PLATFORM_FEE_PERCENT}% platform
                fee and the total.
              </p>
            </li>
            <li className="rounded-2xl border border-border bg-surface p-5 shadow-sm">
              <h3 className="font-bold">2. Your card is held now, charged after the service is completed</h3>
              <p className="mt-1 text-muted-foreground">
                When you book, the total is held (authorized) on your card; it is charged only once the care
                has been given. If the caregiver declines or you cancel in time, the hold is released.
              </p>
            </li>
            <li className="rounded-2xl border border-border bg-surface p-5 shadow-sm">
              <h3 className="font-bold">3. The caregiver keeps their full rate</h3>
              <p className="mt-1 text-muted-foreground">
                The {PLATFORM_FEE_PERCENT}% fee is added on top of the caregiver's rate, not taken out of it.
                Caregivers are paid weekly, on {PAYOUT_DAY}s, and the money usually arrives within{' '}
                {PAYOUT_ARRIVAL}.
              </p>
            </li>
          </ol>

          <div className="rounded-2xl bg-primary-soft p-6 sm:p-8">
            <h3 className="text-lg font-bold text-primary-deep">Example</h3>
            <p className="mt-1">
              {EXAMPLE.hours} hours with a caregiver whose rate is {jmd(EXAMPLE.rate)} per hour:
            </p>
            <dl className="mt-4 space-y-2">
              <div className="flex justify-between gap-4">
                <dt>
                  Subtotal ({EXAMPLE.hours} × {jmd(EXAMPLE.rate)})
                </dt>
                <dd className="font-semibold">{wholeJmd(example.subtotal)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt>Platform fee ({PLATFORM_FEE_PERCENT}%)</dt>
                <dd className="font-semibold">{wholeJmd(example.platformFee)}</dd>
              </div>
              <div className="flex justify-between gap-4 border-t border-primary/30 pt-2 text-lg">
                <dt className="font-bold">You pay</dt>
                <dd className="font-extrabold">{wholeJmd(example.total)}</dd>
              </div>
              <div className="flex justify-between gap-4 text-sm">
                <dt>The caregiver receives</dt>
                <dd className="font-semibold">{wholeJmd(example.subtotal)}</dd>
              </div>
            </dl>
          </div>
        </div>
      </InfoSection>

      <InfoSection
        id="cancellation"
        title={`The ${FREE_CANCELLATION_HOURS}-hour cancellation rule`}
        tone="muted"
      >
        <ul className="grid gap-4 md:grid-cols-2">
          <li className="rounded-2xl bg-surface p-6 shadow-sm">
            <h3 className="font-bold">Cancel {FREE_CANCELLATION_HOURS} hours or more before the start</h3>
            <p className="mt-1 text-muted-foreground">You pay nothing.</p>
          </li>
          <li className="rounded-2xl bg-surface p-6 shadow-sm">
            <h3 className="font-bold">Cancel later than that</h3>
            <p className="mt-1 text-muted-foreground">
              {LATE_CANCELLATION_PERCENT}% of the booking subtotal (the caregiver's rate times the hours) is
              charged and goes to the caregiver, who had set that time aside for you.
            </p>
          </li>
        </ul>
        <p className="mt-4 text-muted-foreground">
          In the example above, a late cancellation would cost{' '}
          {wholeJmd((example.subtotal * LATE_CANCELLATION_PERCENT) / 100)}.
        </p>
      </InfoSection>

      <CallToAction
        title="Ready to find care?"
        text="Create a free account in a couple of minutes, or ask our support team about prices and payments."
        links={[
          { to: '/signup', label: 'Sign up free' },
          { to: '/support', label: 'Ask a question' },
        ]}
      />
    </>
  );
}
