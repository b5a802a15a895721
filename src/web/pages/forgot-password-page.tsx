import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ForgotPasswordRequest } from '../../shared/contracts/auth';
import { Button } from '../components/ui/button';
import { Alert, FormField } from '../components/ui/form-field';
import { Input } from '../components/ui/input';
import { toast } from '../components/ui/use-toast';
import { BackToLogin } from '../features/auth/components/auth-links';
import { AuthShell, inlineLink } from '../features/auth/components/auth-shell';
import { useRequestPasswordReset } from '../features/auth/mutations';
import { errorMessage } from '../lib/error-messages';
import { usePageMeta } from '../lib/use-page-meta';

const FALLBACK_ERROR = 'Failed to send reset email';

export default function ForgotPasswordPage() {
  usePageMeta({
    title: 'Forgot password',
    description:
      "Forgot your YaadCare password? Enter your e-mail address and we'll send you a link to set a new one.",
    canonicalPath: '/forgot-password',
  });
  const mutation = useRequestPasswordReset();
  const [sent, setSent] = useState<{ email: string } | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ForgotPasswordRequest), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(values, {
      // The answer is only a message: the link is in the e-mail, never on this screen (ADR 0011).
      onSuccess: () => setSent({ email: values.email }),
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, FALLBACK_ERROR) });
      },
    });
  });

  if (sent) {
    return (
      <AuthShell
        title="Check your email"
        icon={<MailCheck className="size-6" />}
        description={
          <>
            If an account exists for <strong className="text-foreground">{sent.email}</strong>, we've sent a
            link to reset your password. The link expires soon, so use it right away.
          </>
        }
        footer={<BackToLogin />}
      >
        <p className="text-center text-sm text-muted-foreground">
          Didn't get the e-mail? Check your spam folder or{' '}
          <button
            type="button"
            className={inlineLink}
            onClick={() => {
              mutation.reset();
              setSent(null);
            }}
          >
            try again
          </button>
          .
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Forgot your password?"
      description="Enter your e-mail address and we'll send you a link to reset your password."
      icon={<KeyRound className="size-6" />}
      footer={<BackToLogin />}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {mutation.isError ? <Alert>{errorMessage(mutation.error, FALLBACK_ERROR)}</Alert> : null}
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>
        <Button type="submit" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </AuthShell>
  );
}
