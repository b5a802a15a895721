import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-messages';
import { useVerificationActions } from '../api';
import { StepReason } from './verification-notices';
import type { WizardStepProps } from './wizard-step-props';

/**
 * The token of the e-mailed link (…/background-check?emailToken=…), pasted whole or as the token alone: the
 * e-mail holds a link, not a code (issue 32).
 */
export function emailTokenOf(pasted: string): string {
  const text = pasted.trim();
  const inLink = /[?&]emailToken=([^&#\s]+)/.exec(text);
  if (!inLink) return text;
  try {
    return decodeURIComponent(inLink[1]);
  } catch {
    return inLink[1];
  }
}

/** Steps 1 and 2 of the verification wizard: the e-mail link and the texted code. */
export function EmailStep({ v, user, onNext }: WizardStepProps) {
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
              const pasted = emailTokenOf(token);
              if (pasted) verify(pasted);
            }}
          >
            <FormField
              label="Link from the email"
              hint="Open the link in the email on this device, or copy the link and paste it here."
              className="min-w-0 flex-1"
            >
              <Input
                inputMode="url"
                value={token}
                onChange={(e) => setToken(e.target.value)}
                autoComplete="off"
              />
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

export function PhoneStep({ v, user, onNext }: WizardStepProps) {
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
