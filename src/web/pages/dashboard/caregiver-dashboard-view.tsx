import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { CaregiverNeedsYouNow } from '../../features/bookings/components/needs-you-now';
import { useMyCaregiverProfile } from '../../features/caregiver-profile/api';
import { AvailabilitySwitch } from '../../features/caregiver-profile/components/availability-switch';
import { KindsConfirmPrompt } from '../../features/caregiver-profile/components/kinds-confirm-prompt';
import { useCaregiverDashboard } from '../../features/dashboard/api';
import { CaregiverDashboard } from '../../features/dashboard/components/caregiver-dashboard';
import { DashboardLoadError } from '../../features/dashboard/components/dashboard-load-error';
import { NotificationsList } from '../../features/notifications/components/notifications-list';
import { MyReviews } from '../../features/reviews/components/my-reviews';
import { RateFamily } from '../../features/reviews/components/review-forms';
import { VerificationStatusCard } from '../../features/verification/components/verification-status-card';
import { Link } from '../../lib/router';

/**
 * The caregiver dashboard with the spec's gating after sign-in and role (done by the route guards):
 * loading, then a prompt to complete the profile when there is none, then the load-error screen. The
 * dashboard itself comes from the dashboard feature; this page puts the other features' parts into it.
 */
export function CaregiverDashboardView() {
  const profile = useMyCaregiverProfile();
  const dashboard = useCaregiverDashboard(Boolean(profile.data));
  if (profile.isPending) return <Spinner />;
  if (profile.isError) return <DashboardLoadError />;
  if (!profile.data) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10">
        <Card className="max-w-2xl">
          <h1 className="text-2xl font-bold">Complete your profile</h1>
          <p className="mt-2 text-muted-foreground">
            Families can find and book you once your caregiver profile is set up. It takes three short steps.
          </p>
          <Link to="/caregiver-onboarding" className={buttonClasses({ className: 'mt-4' })}>
            Complete your profile
          </Link>
        </Card>
      </div>
    );
  }
  if (dashboard.isPending) return <Spinner />;
  if (dashboard.isError) return <DashboardLoadError />;
  return (
    <CaregiverDashboard
      data={dashboard.data}
      first={<CaregiverNeedsYouNow />}
      kindsPrompt={<KindsConfirmPrompt profile={profile.data} />}
      status={
        <>
          <AvailabilitySwitch profile={profile.data} />
          <VerificationStatusCard userId={dashboard.data.caregiver.userId} />
        </>
      }
      rateFamily={RateFamily}
      notifications={<NotificationsList />}
      reviews={<MyReviews />}
    />
  );
}
