import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, KeyRound, TriangleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { ResetPasswordRequest } from '../../shared/contracts/auth';
import { Button, buttonClasses } from '../components/ui/button';
import { Alert } from '../components/ui/form-field';
import { toast } from '../components/ui/use-toast';
import { BackToLogin } from '../features/auth/components/auth-links';
import { AuthShell } from '../features/auth/components/auth-shell';
import { NewPasswordFields } from '../features/auth/components/new-password-fields';
import { useResetPassword } from '../features/auth/mutations';
import { errorMessage } from '../lib/error-messages';
import { Link, useSearchParams } from '../lib/router';
import { usePageMeta } from '../lib/use-page-meta';

const FALLBACK_ERROR = 'Failed to reset password';

function InvalidLink() {
  return (
    <AuthShell
      title="Invalid reset link"
      description="This password reset link is invalid or has expired."
      icon={<TriangleAlert className="size-6" />}
      footer={<BackToLogin />}
    >
      <Link to="/forgot-password" className={buttonClasses({ className: 'w-full' })}>
        Request a new reset link
      </Link>
    </AuthShell>
  );
}

function ResetForm({ token }: { token: string }) {
  const mutation = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ResetPasswordRequest),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(values, {
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, FALLBACK_ERROR) });
      },
    });
  });

  if (mutation.isSuccess) {
    return (
      <AuthShell
        title="Password reset successful"
        description="Your password has been changed. You can now log in with your new password."
        icon={<CircleCheck className="size-6" />}
      >
        <Link to="/login" className={buttonClasses({ className: 'w-full' })}>
          Continue to login
        </Link>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Reset your password"
      description="Choose a new password of at least 8 characters."
      icon={<KeyRound className="size-6" />}
      footer={<BackToLogin />}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {mutation.isError ? <Alert>{errorMessage(mutation.error, FALLBACK_ERROR)}</Alert> : null}
        {errors.token?.message ? <Alert>{errors.token.message}</Alert> : null}
        <input type="hidden" {...register('token')} />
        <NewPasswordFields
          newPassword={register('newPassword')}
          confirmPassword={register('confirmPassword')}
          newPasswordError={errors.newPassword?.message}
          confirmPasswordError={errors.confirmPassword?.message}
        />
        <Button type="submit" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Resetting...' : 'Reset password'}
        </Button>
      </form>
    </AuthShell>
  );
}

export default function ResetPasswordPage() {
  usePageMeta({
    title: 'Reset password',
    description: 'Choose a new password for your YaadCare account.',
    canonicalPath: '/reset-password',
  });
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  if (!token) return <InvalidLink />;
  return <ResetForm key={token} token={token} />;
}
