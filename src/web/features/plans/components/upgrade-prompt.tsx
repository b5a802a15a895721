import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PlanFeature } from '../../../../shared/plan-features';
import { jmd } from '../../../../shared/pricing';
import { buttonClasses } from '../../../components/ui/button';
import { Link } from '../../../lib/router';
import { cheapestPlanFor, usePlan } from '../api';

/** What each gated feature is called in an upgrade prompt. */
export const FEATURE_NAMES: Record<PlanFeature, string> = {
  favourites_rebook: 'One-tap rebooking of your favourite caregivers',
  sms_reminders: 'Booking reminders by SMS',
  priority_support: 'Priority support',
  team_shortlist: 'A shortlist of caregivers picked by our team',
};

/**
 * Shows `children` when the family's plan unlocks `feature`, else a clear prompt naming the plan that
 * does, with its price and a link to choose it (never a broken screen). While the plan loads, nothing.
 */
export function UpgradePrompt({ feature, children }: { feature: PlanFeature; children?: ReactNode }) {
  const { allows, isPending } = usePlan();
  if (isPending) return null;
  if (allows(feature)) return <>{children}</>;
  const plan = cheapestPlanFor(feature);
  return (
    <aside
      aria-label={`${FEATURE_NAMES[feature]}: part of the ${plan.name}`}
      className="flex flex-wrap items-start gap-3 rounded-xl border border-primary/40 bg-primary-soft p-4"
    >
      <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-deep" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {FEATURE_NAMES[feature]} is part of the {plan.name} ({jmd(plan.monthlyJmd)} a month).
        </p>
        <p className="text-sm">Cancel at any time in Settings, in one step.</p>
      </div>
      <Link to={`/plans/${plan.id}`} className={buttonClasses({ size: 'sm' })}>
        Choose {plan.name}
      </Link>
    </aside>
  );
}
