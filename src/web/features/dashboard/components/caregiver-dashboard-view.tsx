import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { logout, resetSessionCache } from '../../auth/api';
import { useMyCaregiverProfile } from '../../caregiver-profile/api';
import { useCaregiverDashboard } from '../api';
import { CaregiverDashboard } from './caregiver-dashboard';

/** spec §8 dashboard load failure, with Refresh Page and 'Clear Auth & Restart' (spec §4). */
export function DashboardLoadError() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto max-w-md space-y-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Unable to Load Dashboard</h1>
      <p role="alert" className="text-muted-foreground">
        Failed to load dashboard data. This may be because your authentication token is invalid.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
        <Button
          variant="outline"
          onClick={async () => {
            localStorage.removeItem('auth_token');
            try {
              await logout();
            } catch {
              // Already signed out: nothing to clear on the server.
            }
            resetSessionCache(queryClient, null);
            navigate('/login', { replace: true });
          }}
        >
          Clear Auth &amp; Restart
        </Button>
      </div>
    </div>
  );
}

/**
 * The caregiver dashboard with the spec's gating after sign-in and role (done by the route guards):
 * loading, then a prompt to complete the profile when there is none, then the load-error screen.
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
  return <CaregiverDashboard data={dashboard.data} profile={profile.data} />;
}
