import { useEffect, useRef, useState } from 'react';
import { canSubmitVerification, WIZARD_STEPS, wizardStepStatuses } from '../../shared/verification-status';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Alert } from '../components/ui/form-field';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/use-toast';
import type { PublicUser } from '../features/auth/api';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import {
  useVerification,
  useVerificationActions,
  type VerificationState,
} from '../features/verification/api';
import { BackgroundStep, NothingToResubmit } from '../features/verification/components/background-step';
import { EmailStep, PhoneStep } from '../features/verification/components/contact-steps';
import { AddressStep, IdentityStep } from '../features/verification/components/document-steps';
import { StatusBanner } from '../features/verification/components/verification-notices';
import {
  VerificationProgress,
  VerificationStepper,
} from '../features/verification/components/verification-stepper';
import { errorMessage } from '../lib/error-messages';
import { useSearchParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

function firstOpenStep(v: VerificationState): number {
  const open = wizardStepStatuses(v).findIndex((s) => s.status !== 'submitted' && s.status !== 'approved');
  return open === -1 ? WIZARD_STEPS.length - 1 : open;
}

/** The 5-step wizard; it opens on the first step that needs the caregiver. */
function Wizard({ v, user }: { v: VerificationState; user: PublicUser }) {
  const [step, setStep] = useState(() => firstOpenStep(v));
  const [params, setParams] = useSearchParams();
  const { verifyEmail } = useVerificationActions(user.id);
  const handled = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The e-mailed link lands here with ?emailToken=…: verify it once, then drop it from the address.
  useEffect(() => {
    const token = params.get('emailToken');
    if (!token || handled.current) return;
    handled.current = true;
    setParams({}, { replace: true });
    verifyEmail.mutate(token, {
      onSuccess: () => {
        toast({ title: 'Email verified successfully' });
        setStep(1);
      },
      onError: () => toast({ variant: 'destructive', title: 'Invalid or expired verification token.' }),
    });
  }, [params, setParams, verifyEmail]);

  const go = (i: number) => {
    setStep(i);
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const next = () => go(Math.min(step + 1, WIZARD_STEPS.length - 1));
  const props = { v, user, onNext: next };

  return (
    <div className="space-y-6">
      <StatusBanner v={v} />
      <VerificationProgress v={v} />
      <VerificationStepper v={v} current={step} onSelect={go} />
      <Card>
        <h2 ref={headingRef} tabIndex={-1} className="mb-4 text-xl font-bold focus:outline-none">
          Step {step + 1}: {WIZARD_STEPS[step].title}
        </h2>
        {step === 0 ? <EmailStep {...props} /> : null}
        {step === 1 ? <PhoneStep {...props} /> : null}
        {step === 2 ? <IdentityStep {...props} /> : null}
        {step === 3 ? <AddressStep {...props} /> : null}
        {step === 4 ? (
          canSubmitVerification(v) ? (
            <BackgroundStep v={v} user={user} />
          ) : (
            <NothingToResubmit v={v} />
          )
        ) : null}
      </Card>
    </div>
  );
}

/** /background-check: the signed-in user's 5-step verification (docs/product.md#verification, #validation-rules). */
export default function BackgroundCheckPage() {
  useDocumentTitle('Get verified');
  const user = useSignedInUser();
  const q = useVerification(user.id);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Get verified</h1>
      <p className="mt-1 mb-6 text-muted-foreground">
        Families trust verified caregivers: confirm your email and phone, your identity and address, and share
        your police record and two references.
      </p>
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <div className="space-y-3">
          <Alert>We couldn't load your verification. {errorMessage(q.error, '')}</Alert>
          <Button onClick={() => void q.refetch()}>Try again</Button>
        </div>
      ) : (
        <Wizard v={q.data} user={user} />
      )}
    </div>
  );
}
