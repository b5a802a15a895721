import type { Plan } from '../../../../shared/pricing';
import { buttonClasses } from '../../../components/ui/button';
import { Link } from '../../../lib/router';
import { useCurrentUser } from '../../auth/api';
import { usePlan } from '../api';

const full = 'mt-6 w-full';

/**
 * A pricing card's action: visitors sign up first; a family on Basic chooses the plan (checkout); a family
 * with a plan sees it and changes it in Settings. Caregivers and admins are told plans are for families.
 */
export function PlanChoice({ plan }: { plan: Plan }) {
  const user = useCurrentUser().data;
  const { plan: current, isPending } = usePlan();
  if (plan.id === 'basic') {
    if (user) return null;
    return (
      <Link to="/signup" className={buttonClasses({ className: full })}>
        Sign up free
      </Link>
    );
  }
  if (!user) {
    return (
      <>
        <Link to="/signup" className={buttonClasses({ className: full })}>
          Choose {plan.name}
        </Link>
        <p className="mt-2 text-center text-sm text-muted-foreground">You create a free account first.</p>
      </>
    );
  }
  if (user.userType !== 'family') {
    return <p className="mt-6 text-sm text-muted-foreground">Plans are for family accounts.</p>;
  }
  if (isPending) return null;
  if (current === plan.id) {
    return (
      <Link to="/settings#plan" className={buttonClasses({ variant: 'outline', className: full })}>
        Manage your plan
      </Link>
    );
  }
  if (current !== 'basic') {
    return (
      <Link to="/settings#plan" className={buttonClasses({ variant: 'outline', className: full })}>
        Change plan
      </Link>
    );
  }
  return (
    <Link to={`/plans/${plan.id}`} className={buttonClasses({ className: full })}>
      Choose {plan.name}
    </Link>
  );
}
