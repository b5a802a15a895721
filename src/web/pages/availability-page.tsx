import { useEffect, useState } from 'react';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Alert } from '../components/ui/form-field';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/use-toast';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { TimeOffSection } from '../features/availability/components/time-off-section';
import { useMyCaregiverProfile, useUpdateCaregiverProfile } from '../features/caregiver-profile/api';
import {
  AvailabilityEditor,
  type AvailabilityValue,
} from '../features/caregiver-profile/components/availability-editor';
import { AvailabilitySwitch } from '../features/caregiver-profile/components/availability-switch';
import { errorMessage } from '../lib/error-messages';
import { Link } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

/** /availability: the caregiver's weekly map and time slots, and the Available for bookings switch. */
export default function AvailabilityPage() {
  useDocumentTitle('Availability');
  const user = useSignedInUser();
  const profile = useMyCaregiverProfile(user.userType === 'caregiver');
  const mutation = useUpdateCaregiverProfile();
  const [value, setValue] = useState<AvailabilityValue | null>(null);
  useEffect(() => {
    if (profile.data && value === null) {
      setValue({
        weeklyAvailability: profile.data.weeklyAvailability,
        availability: profile.data.availability,
      });
    }
  }, [profile.data, value]);

  let body: React.ReactNode;
  if (user.userType !== 'caregiver') {
    body = <Alert variant="info">Availability is for caregivers.</Alert>;
  } else if (profile.isPending) {
    body = <Spinner />;
  } else if (profile.isError) {
    body = <Alert>We couldn't load your availability. Please refresh the page.</Alert>;
  } else if (!profile.data) {
    body = (
      <Card>
        <p>Create your caregiver profile first.</p>
        <Link to="/caregiver-onboarding" className={buttonClasses({ className: 'mt-4' })}>
          Complete your profile
        </Link>
      </Card>
    );
  } else if (value) {
    body = (
      <div className="space-y-6">
        <AvailabilitySwitch profile={profile.data} />
        <Card>
          <form
            noValidate
            className="space-y-6"
            onSubmit={(e) => {
              e.preventDefault();
              mutation.mutate(value, {
                onSuccess: () =>
                  toast({ title: 'Profile updated', description: 'Your availability is saved.' }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Availability not saved',
                    description: errorMessage(error, 'Something went wrong. Please try again.'),
                  }),
              });
            }}
          >
            <AvailabilityEditor value={value} onChange={setValue} />
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Saving...' : 'Save availability'}
            </Button>
          </form>
        </Card>
        <TimeOffSection />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-extrabold tracking-tight">Availability</h1>
      <p className="mb-6 text-muted-foreground">Choose the days and times families can book you.</p>
      {body}
    </div>
  );
}
