import { Spinner } from '../../components/ui/spinner';
import { useSignedInUser } from '../../features/auth/use-signed-in-user';
import { NeedsYouNow } from '../../features/bookings/components/needs-you-now';
import { useFamilyDashboard } from '../../features/dashboard/api';
import { DashboardLoadError } from '../../features/dashboard/components/dashboard-load-error';
import { FamilyDashboard } from '../../features/dashboard/components/family-dashboard';
import { RebookButton } from '../../features/favourites/components/rebook-button';
import { LeaveReview } from '../../features/reviews/components/review-forms';

/** The family dashboard once loaded, with the reviews feature's 'Leave a review' on past bookings and
 * the favourites feature's 'Book again'. */
export function FamilyDashboardView() {
  const user = useSignedInUser();
  const dashboard = useFamilyDashboard();
  if (dashboard.isPending) return <Spinner />;
  if (dashboard.isError) return <DashboardLoadError />;
  // What needs them now stands first (issue 32): a payer abroad lands on her approvals, not on counts.
  return (
    <FamilyDashboard
      user={user}
      data={dashboard.data}
      leaveReview={LeaveReview}
      rebook={RebookButton}
      first={<NeedsYouNow />}
    />
  );
}
