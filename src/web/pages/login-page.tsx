import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { LoginRequest } from '../../shared/contracts/auth';
import { Button } from '../components/ui/button';
import { FormField } from '../components/ui/form-field';
import { Input } from '../components/ui/input';
import { PasswordInput } from '../components/ui/password-input';
import { toast } from '../components/ui/use-toast';
import { landingPathFor } from '../features/auth/api';
import { SwitchAuthLinks } from '../features/auth/components/auth-links';
import { AuthShell, inlineLink } from '../features/auth/components/auth-shell';
import { useLogin } from '../features/auth/mutations';
import { errorToast } from '../lib/error-messages';
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

  const onSubmit = handleSubmit((values) => {
    loginMutation.mutate(values, {
      onSuccess: ({ user }) => {
        toast({ title: `Login successful! Welcome back, ${user.firstName}!` });
        navigate(returnPath(location.state) ?? landingPathFor(user), { replace: true });
      },
      onError: (error) => {
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
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
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
