import { Sparkles } from 'lucide-react';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { useMyCaregiverProfile, useOnboardingDraft } from '../features/caregiver-profile/api';
import { OnboardingWizard } from '../features/caregiver-profile/components/onboarding-wizard';
import { Link } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

/** /caregiver-onboarding: the 3-step profile wizard (docs/product.md#screens-and-routes), for caregivers without a profile. */
export default function CaregiverOnboardingPage() {
  useDocumentTitle('Create your caregiver profile');
  const user = useSignedInUser();
  const isCaregiver = user.userType === 'caregiver';
  const profile = useMyCaregiverProfile(isCaregiver);
  const draft = useOnboardingDraft(isCaregiver && profile.data === null);

  let body: React.ReactNode;
  if (!isCaregiver) {
    body = (
      <Card className="text-center">
        <p>Onboarding is for caregiver accounts.</p>
        <Link to="/dashboard" className={buttonClasses({ className: 'mt-4' })}>
          Go to your dashboard
        </Link>
      </Card>
    );
  } else if (profile.isPending || (profile.data === null && draft.isPending)) {
    body = <Spinner />;
  } else if (profile.isError) {
    body = (
      <Card className="text-center">
        <p role="alert">We couldn't check your profile. Please try again.</p>
        <Button className="mt-4" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </Card>
    );
  } else if (profile.data) {
    body = (
      <Card className="text-center">
        <p>You already have a caregiver profile.</p>
        <Link to="/profile" className={buttonClasses({ className: 'mt-4' })}>
          Edit your profile
        </Link>
      </Card>
    );
  } else {
    // A draft that could not be read does not block the wizard: it starts from the signup details.
    body = <OnboardingWizard draft={draft.data ?? null} />;
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="mb-6 flex items-start gap-3">
        <Sparkles aria-hidden="true" className="mt-1 size-7 shrink-0 text-primary" />
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Create your caregiver profile</h1>
          <p className="mt-1 text-muted-foreground">
            Three short steps and families across Jamaica can find you.
          </p>
        </div>
      </div>
      {body}
      {isCaregiver ? (
        <p className="mt-4 text-center text-sm">
          <Link to="/dashboard" className="font-semibold text-primary underline underline-offset-4">
            Skip for now
          </Link>
        </p>
      ) : null}
    </div>
  );
}
