import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { VerificationSubmitRequest } from '../../shared/contracts/verification';
import { canSubmitVerification, WIZARD_STEPS, wizardStepStatuses } from '../../shared/verification-status';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Alert, FormField } from '../components/ui/form-field';
import { Input } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { toast } from '../components/ui/use-toast';
import type { PublicUser } from '../features/auth/api';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import {
  useVerification,
  useVerificationActions,
  type VerificationState,
} from '../features/verification/api';
import { DocumentUpload } from '../features/verification/components/document-upload';
import {
  VerificationProgress,
  VerificationStepper,
} from '../features/verification/components/verification-stepper';
import { ApiError, errorMessage } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';

function StatusBanner({ v }: { v: VerificationState }) {
  if (v.status === 'approved')
    return <Alert variant="info">You're verified. Families see the Verified badge on your profile.</Alert>;
  if (v.status === 'submitted')
    return (
      <Alert variant="info">
        Submitted for review. We'll let you know by email and in the app when it's decided.
      </Alert>
    );
  if (v.status === 'rejected')
    return (
      <Alert>
        <strong>Your verification needs attention.</strong> {v.rejectionReason} Fix the steps marked below and
        submit again.
      </Alert>
    );
  return null;
}

function StepReason({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return <Alert>Reviewer's note: {reason}</Alert>;
}

function EmailStep({ v, user, onNext }: { v: VerificationState; user: PublicUser; onNext: () => void }) {
  const { sendEmail, verifyEmail } = useVerificationActions(user.id);
  const [token, setToken] = useState('');
  const verify = (t: string) =>
    verifyEmail.mutate(t, {
      onSuccess: () => {
        toast({ title: 'Email verified successfully' });
        onNext();
      },
      onError: () => toast({ variant: 'destructive', title: 'Invalid or expired verification token.' }),
    });
  return (
    <div className="space-y-5">
      <StepReason reason={v.steps.email.reason} />
      <FormField label="Email" hint="We send the link to your account's email address.">
        <Input type="email" readOnly value={v.email} />
      </FormField>
      {v.emailVerified ? (
        <>
          <p className="flex items-center gap-2 font-semibold text-primary">
            <CheckCircle2 aria-hidden="true" className="size-5" /> Your email is verified.
          </p>
          <Button onClick={onNext}>Continue</Button>
        </>
      ) : (
        <>
          <Button
            disabled={!v.email || sendEmail.isPending}
            onClick={() =>
              sendEmail.mutate(undefined, {
                onSuccess: () =>
                  toast({
                    title: 'Email verification sent',
                    description: `Open the link we sent to ${v.email}.`,
                  }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Failed to send email verification.',
                    description: errorMessage(error, 'Please try again.'),
                  }),
              })
            }
          >
            {sendEmail.isPending ? 'Sending...' : 'Send verification email'}
          </Button>
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (token.trim()) verify(token.trim());
            }}
          >
            <FormField label="Code from the email link" className="min-w-0 flex-1">
              <Input value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" />
            </FormField>
            <Button type="submit" variant="outline" disabled={!token.trim() || verifyEmail.isPending}>
              Verify email
            </Button>
          </form>
        </>
      )}
    </div>
  );
}

function PhoneStep({ v, user, onNext }: { v: VerificationState; user: PublicUser; onNext: () => void }) {
  const { sendPhone, verifyPhone } = useVerificationActions(user.id);
  const [phone, setPhone] = useState(v.phone ?? user.phone ?? '');
  const [otp, setOtp] = useState('');
  return (
    <div className="space-y-5">
      <StepReason reason={v.steps.phone.reason} />
      {v.phoneVerified ? (
        <>
          <p className="flex items-center gap-2 font-semibold text-primary">
            <CheckCircle2 aria-hidden="true" className="size-5" /> {v.phone} is verified.
          </p>
          <Button onClick={onNext}>Continue</Button>
        </>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <FormField label="Phone number" hint="For example 876-555-1234" className="min-w-0 flex-1">
              <Input type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
            </FormField>
            <Button
              disabled={!phone.trim() || sendPhone.isPending}
              onClick={() =>
                sendPhone.mutate(phone.trim(), {
                  // The code is texted to the phone, never shown here (ADR 0011).
                  onSuccess: (res) => toast({ title: 'SMS OTP sent', description: res.message }),
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: 'Failed to send SMS verification.',
                      description: errorMessage(error, 'Please try again.'),
                    }),
                })
              }
            >
              {sendPhone.isPending ? 'Sending...' : 'Send code'}
            </Button>
          </div>
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (!otp) return;
              verifyPhone.mutate(otp, {
                onSuccess: () => {
                  toast({ title: 'Phone verified successfully' });
                  onNext();
                },
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Invalid or expired OTP.',
                    description:
                      error instanceof ApiError && error.status === 429 ? error.message : undefined,
                  }),
              });
            }}
          >
            <FormField label="6-digit code" className="w-48">
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={otp}
                onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, 6))}
              />
            </FormField>
            <Button type="submit" disabled={!otp || verifyPhone.isPending}>
              Verify
            </Button>
          </form>
        </>
      )}
    </div>
  );
}

function IdentityStep({ v, user, onNext }: { v: VerificationState; user: PublicUser; onNext: () => void }) {
  const { saveDetails } = useVerificationActions(user.id);
  const [idNumber, setIdNumber] = useState(v.idNumber ?? '');
  return (
    <div className="space-y-5">
      <StepReason reason={v.steps.id.reason} />
      <StepReason reason={v.steps.selfie.reason} />
      <FormField label="ID number" hint="Your TRN, passport or driver's licence number.">
        <Input value={idNumber} maxLength={40} onChange={(e) => setIdNumber(e.target.value)} />
      </FormField>
      <DocumentUpload
        userId={user.id}
        type="id"
        label="Government ID"
        hint="Passport, driver's licence or national ID: a photo or a PDF, up to 10 MB."
        verification={v}
        stepState={v.steps.id.state}
      />
      <DocumentUpload
        userId={user.id}
        type="selfie"
        label="Selfie"
        hint="A clear photo of your face (JPEG, PNG or WebP), up to 10 MB."
        verification={v}
        stepState={v.steps.selfie.state}
      />
      <Button
        disabled={!idNumber.trim() || saveDetails.isPending}
        onClick={() =>
          saveDetails.mutate(
            { idNumber: idNumber.trim() },
            {
              onSuccess: onNext,
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'Not saved',
                  description: errorMessage(error, 'Please try again.'),
                }),
            },
          )
        }
      >
        Continue
      </Button>
    </div>
  );
}

function AddressStep({ v, user, onNext }: { v: VerificationState; user: PublicUser; onNext: () => void }) {
  const { saveDetails } = useVerificationActions(user.id);
  const [address, setAddress] = useState(v.address ?? '');
  return (
    <div className="space-y-5">
      <StepReason reason={v.steps.address.reason} />
      <FormField label="Home address">
        <Textarea
          className="min-h-20"
          maxLength={300}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
      </FormField>
      <DocumentUpload
        userId={user.id}
        type="address"
        label="Proof of address"
        hint="A utility bill or bank statement from the last 3 months: a photo or a PDF."
        verification={v}
        stepState={v.steps.address.state}
      />
      <Button
        disabled={!address.trim() || saveDetails.isPending}
        onClick={() =>
          saveDetails.mutate(
            { address: address.trim() },
            {
              onSuccess: onNext,
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'Not saved',
                  description: errorMessage(error, 'Please try again.'),
                }),
            },
          )
        }
      >
        Continue
      </Button>
    </div>
  );
}

const emptyRef = { name: '', relationship: '', phone: '' };

function BackgroundStep({ v, user }: { v: VerificationState; user: PublicUser }) {
  const navigate = useNavigate();
  const { submit } = useVerificationActions(user.id);
  const [issuedAt, setIssuedAt] = useState(v.policeRecordIssuedAt ?? '');
  const [refs, setRefs] = useState(
    [0, 1].map((i) => (v.references[i] ? { ...v.references[i] } : { ...emptyRef })),
  );
  const [emergencyContact, setEmergencyContact] = useState(v.emergencyContact ?? '');
  const [notes, setNotes] = useState(v.notes ?? '');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const today = new Date().toISOString().slice(0, 10);
  const setRef = (i: number, key: keyof typeof emptyRef, value: string) =>
    setRefs((all) => all.map((r, j) => (j === i ? { ...r, [key]: value } : r)));

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      address: v.address ?? '',
      idNumber: v.idNumber ?? '',
      emergencyContact,
      notes,
      policeRecordIssuedAt: issuedAt,
      references: refs,
      consent: consent as true,
    };
    const parsed = VerificationSubmitRequest.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
      setErrors(next);
      if (next.address || next.idNumber) {
        toast({
          variant: 'destructive',
          title: 'Earlier steps are missing',
          description: next.idNumber ?? next.address,
        });
      }
      return;
    }
    setErrors({});
    submit.mutate(body, {
      onSuccess: () => {
        toast({
          title: 'Background check submitted',
          description: 'We will review your verification and let you know.',
        });
        navigate('/caregiver-dashboard');
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Background check not submitted',
          description: errorMessage(error, 'Something went wrong. Please try again.'),
        }),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <StepReason reason={v.steps.background.reason} />
      {v.policeRecordStale ? (
        <Alert>Your police record is more than 12 months old. Upload a new one.</Alert>
      ) : null}
      <DocumentUpload
        userId={user.id}
        type="police"
        label="Police record"
        hint="Your certificate of character (police record) from the Jamaica Constabulary Force: a photo or a PDF."
        verification={v}
        stepState={v.steps.background.state}
      />
      <FormField
        label="Police record issue date"
        hint="Records older than 12 months must be renewed."
        error={errors.policeRecordIssuedAt}
      >
        <Input type="date" max={today} value={issuedAt} onChange={(e) => setIssuedAt(e.target.value)} />
      </FormField>
      {refs.map((r, i) => (
        <fieldset
          key={`ref-${i === 0 ? 'first' : 'second'}`}
          className="space-y-3 rounded-xl border border-border p-4"
        >
          <legend className="px-1 font-semibold">Reference {i + 1}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField label="Name" error={errors[`references.${i}.name`]} id={`ref${i}-name`}>
              <Input value={r.name} onChange={(e) => setRef(i, 'name', e.target.value)} />
            </FormField>
            <FormField
              label="Relationship"
              error={errors[`references.${i}.relationship`]}
              id={`ref${i}-relationship`}
            >
              <Input
                value={r.relationship}
                placeholder="Former employer"
                onChange={(e) => setRef(i, 'relationship', e.target.value)}
              />
            </FormField>
            <FormField label="Phone" error={errors[`references.${i}.phone`]} id={`ref${i}-phone`}>
              <Input type="tel" value={r.phone} onChange={(e) => setRef(i, 'phone', e.target.value)} />
            </FormField>
          </div>
        </fieldset>
      ))}
      {errors.references ? <Alert>{errors.references}</Alert> : null}
      <FormField label="Emergency contact" hint="Name and phone number." error={errors.emergencyContact}>
        <Input
          value={emergencyContact}
          maxLength={200}
          onChange={(e) => setEmergencyContact(e.target.value)}
        />
      </FormField>
      <FormField label="Notes (optional)" error={errors.notes}>
        <Textarea
          className="min-h-20"
          maxLength={2000}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </FormField>
      <div>
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? 'consent-error' : undefined}
            className="mt-1 size-5 shrink-0 accent-[var(--color-primary)]"
          />
          <span>
            I agree that YaadCare may check my documents, police record and references, and confirm they are
            true.
          </span>
        </label>
        {errors.consent ? (
          <p id="consent-error" className="mt-1 text-sm font-medium text-destructive">
            {errors.consent}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={!emergencyContact.trim() || submit.isPending}>
        {submit.isPending ? 'Submitting...' : 'Submit for review'}
      </Button>
    </form>
  );
}

function firstOpenStep(v: VerificationState): number {
  const open = wizardStepStatuses(v).findIndex((s) => s.status !== 'submitted' && s.status !== 'approved');
  return open === -1 ? WIZARD_STEPS.length - 1 : open;
}

/** Instead of the submit form when there is nothing to send: under review, or approved and in date. */
function NothingToResubmit({ v }: { v: VerificationState }) {
  return (
    <div className="space-y-3" data-testid="nothing-to-resubmit">
      {v.status === 'approved' ? (
        <p className="flex items-center gap-2 font-semibold text-primary">
          <CheckCircle2 aria-hidden="true" className="size-5" /> Your background check is approved.
        </p>
      ) : (
        <p className="font-semibold">Your verification is with our reviewers.</p>
      )}
      {v.policeRecordExpiresOn ? (
        <p className="text-sm text-muted-foreground">
          Your police record is valid until {v.policeRecordExpiresOn}. We will remind you 30 days before.
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        You can send your verification again if a reviewer asks for a fix or your police record expires.
      </p>
    </div>
  );
}

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

/** /background-check: the signed-in user's 5-step verification (spec §2, §4, §5, §7). */
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
