import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { LoginRequest } from '../../shared/contracts/auth';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { FormField } from '../components/ui/form-field';
import { Input } from '../components/ui/input';
import { PasswordInput } from '../components/ui/password-input';
import { toast } from '../components/ui/use-toast';
import { landingPathFor } from '../features/auth/api';
import { SwitchAuthLinks } from '../features/auth/components/auth-links';
import { AuthShell, inlineLink } from '../features/auth/components/auth-shell';
import { useLogin } from '../features/auth/mutations';
import { describeError, errorToast } from '../lib/error-messages';
import { returnPath } from '../lib/from-state';
import { Link, useLocation, useNavigate } from '../lib/router';
import { usePageMeta } from '../lib/use-page-meta';

export default function LoginPage() {
  usePageMeta({
    title: 'Log in',
    description: 'Log in to YaadCare to message caregivers, manage your bookings and see your dashboard.',
    canonicalPath: '/login',
  });
  const location = useLocation();
  const navigate = useNavigate();
  const loginMutation = useLogin();

  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(LoginRequest),
    defaultValues: { email: '', password: '' },
  });
  const [email, password] = useWatch({ control, name: ['email', 'password'] });
  const filled = Boolean(email?.trim()) && Boolean(password);
  // A refused login is said in the form too (issue 32 item 11: the toast alone was gone in 5 s), for as long
  // as the email and password are the ones refused: editing either clears it.
  const [failure, setFailure] = useState<{ message: string; email: string; password: string } | null>(null);
  const failed = failure && failure.email === email && failure.password === password ? failure.message : null;
  const failureId = useId();
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    loginMutation.mutate(values, {
      onSuccess: ({ user }) => {
        toast({ title: `Login successful! Welcome back, ${user.firstName}!` });
        navigate(returnPath(location.state) ?? landingPathFor(user), { replace: true });
      },
      onError: (error) => {
        setFailure({
          message: describeError(error, 'Please check your credentials and try again.').message,
          email: values.email,
          password: values.password,
        });
        toast({
          variant: 'destructive',
          title: 'Login failed',
          ...errorToast(error, 'Please check your credentials and try again.'),
        });
      },
    });
  });

  return (
    <AuthShell
      title="Welcome back"
      description="Log in to your YaadCare account"
      icon={<LogIn className="size-6" />}
      footer={<SwitchAuthLinks question="Don't have an account?" to="/signup" label="Sign up" />}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {failed ? (
          <div ref={failureRef} tabIndex={-1} className="rounded-lg focus:outline-none">
            <Alert>
              <p className="font-semibold">Login failed</p>
              <p id={failureId}>{failed}</p>
            </Alert>
          </div>
        ) : null}
        <FormField
          label="Email"
          error={errors.email?.message}
          describedBy={failed ? failureId : undefined}
          invalid={!!failed}
        >
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          describedBy={failed ? failureId : undefined}
          invalid={!!failed}
        >
          <PasswordInput autoComplete="current-password" {...register('password')} />
        </FormField>
        <div className="text-right text-sm">
          <Link to="/forgot-password" className={inlineLink}>
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={!filled || loginMutation.isPending}>
          {loginMutation.isPending ? 'Logging in...' : 'Log In'}
        </Button>
      </form>
    </AuthShell>
  );
}
