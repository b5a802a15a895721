import { CalendarDays, ShieldCheck, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { VerifiedBadge } from '../components/verified-badge';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { useMyCaregiverProfile } from '../features/caregiver-profile/api';
import { AvailabilitySwitch } from '../features/caregiver-profile/components/availability-switch';
import { NotificationsList } from '../features/notifications/notifications-list';
import { VerificationStatusCard } from '../features/verification/components/verification-status-card';
import { useDocumentTitle } from '../lib/use-document-title';

const LINKS = [
  { to: '/profile', label: 'Edit profile', icon: UserRound },
  { to: '/availability', label: 'Availability', icon: CalendarDays },
  { to: '/background-check', label: 'Verification', icon: ShieldCheck },
];

/**
 * /caregiver-dashboard (a first version): the profile's standing, the 'Available for bookings' switch, the
 * verification state and notifications. Bookings, earnings and badges come with their features.
 */
export default function CaregiverDashboardPage() {
  useDocumentTitle('Caregiver dashboard');
  const user = useSignedInUser();
  const profile = useMyCaregiverProfile();

  if (profile.isPending) return <Spinner />;
  if (profile.isError) {
    return (
      <div className="mx-auto max-w-md space-y-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Unable to Load Dashboard</h1>
        <p role="alert" className="text-muted-foreground">
          Failed to load dashboard data. This may be because your authentication token is invalid.
        </p>
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Welcome, {user.firstName}</h1>
        {user.isVerified ? <VerifiedBadge /> : null}
      </div>
      {profile.data ? (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="space-y-4">
              <AvailabilitySwitch profile={profile.data} />
              {!profile.data.isActive ? (
                <p role="alert" className="rounded-lg bg-destructive-soft px-4 py-3 text-sm text-destructive">
                  Your account is suspended: your profile is not listed. Please contact support.
                </p>
              ) : null}
              <nav aria-label="Caregiver shortcuts">
                <ul className="grid gap-3 sm:grid-cols-3">
                  {LINKS.map(({ to, label, icon: Icon }) => (
                    <li key={to}>
                      <Link
                        to={to}
                        className="flex h-full items-center gap-2 rounded-xl border border-border bg-surface p-4 font-semibold hover:border-primary"
                      >
                        <Icon aria-hidden="true" className="size-5 text-primary" />
                        {label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            </div>
            <VerificationStatusCard userId={user.id} />
          </div>
          <NotificationsList />
        </>
      ) : (
        <Card className="max-w-2xl">
          <h2 className="text-xl font-bold">Complete your profile</h2>
          <p className="mt-2 text-muted-foreground">
            Families can find and book you once your caregiver profile is set up. It takes three short steps.
          </p>
          <Link to="/caregiver-onboarding" className={buttonClasses({ className: 'mt-4' })}>
            Complete your profile
          </Link>
        </Card>
      )}
    </div>
  );
}
