import { zodResolver } from '@hookform/resolvers/zod';
import { HeartHandshake, Search, UserPlus } from 'lucide-react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { SignupRequest } from '../../shared/contracts/auth';
import { z } from '../../shared/contracts/zod';
import { TOWNS_BY_PARISH } from '../../shared/towns-by-parish';
import { Button } from '../components/ui/button';
import { FieldErrorText, FormField } from '../components/ui/form-field';
import { Input } from '../components/ui/input';
import { PasswordInput } from '../components/ui/password-input';
import { Select } from '../components/ui/select';
import { toast } from '../components/ui/use-toast';
import { SwitchAuthLinks } from '../features/auth/components/auth-links';
import { AuthShell } from '../features/auth/components/auth-shell';
import { useSignup } from '../features/auth/mutations';
import { markTutorialDue } from '../features/tutorial/onboarding-record';
import { ApiError } from '../lib/api';
import { cn } from '../lib/cn';
import { errorToast } from '../lib/error-messages';
import { returnPath } from '../lib/from-state';
import { useLocation, useNavigate } from '../lib/router';
import { usePageMeta } from '../lib/use-page-meta';

const MISMATCH = "Passwords don't match";

/** The shared signup contract plus the client-only confirmation field (never sent). */
const SignupForm = SignupRequest.extend({
  confirmPassword: z.string().min(1, 'Please confirm your password'),
}).refine((v) => v.password === v.confirmPassword, {
  message: MISMATCH,
  path: ['confirmPassword'],
  // Compare as soon as both boxes hold text, even while other fields still have errors.
  when: ({ value }) => {
    const v = value as { password?: unknown; confirmPassword?: unknown };
    return (
      typeof v.password === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword !== ''
    );
  },
});
type SignupFormInput = z.input<typeof SignupForm>;

const FIELDS = ['userType', 'firstName', 'lastName', 'email', 'location', 'phone', 'password'] as const;
type ServerField = (typeof FIELDS)[number];

const ACCOUNT_TYPES = [
  {
    value: 'family',
    title: "I'm looking for care",
    text: 'Find and book trusted caregivers for your family.',
    icon: Search,
  },
  {
    value: 'caregiver',
    title: "I'm a caregiver",
    text: 'Offer your services and get booked by families.',
    icon: HeartHandshake,
  },
] as const;

export default function SignupPage() {
  usePageMeta({
    title: 'Sign up',
    description:
      'Create a free YaadCare account. Families find and book caregivers across Jamaica; caregivers build a profile, get verified and take bookings.',
    canonicalPath: '/signup',
  });
  const navigate = useNavigate();
  const location = useLocation();
  const signupMutation = useSignup();

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignupFormInput, unknown, z.output<typeof SignupForm>>({
    resolver: zodResolver(SignupForm),
    defaultValues: {
      userType: '' as SignupFormInput['userType'],
      firstName: '',
      lastName: '',
      email: '',
      location: '',
      phone: '',
      password: '',
      confirmPassword: '',
    },
  });

  const onInvalid = (invalid: FieldErrors<SignupFormInput>) => {
    if (invalid.userType) {
      toast({
        variant: 'destructive',
        title: 'Account type required',
        description: "Please select whether you're a family or caregiver.",
      });
    } else if (invalid.confirmPassword?.message === MISMATCH) {
      toast({
        variant: 'destructive',
        title: 'Password mismatch',
        description: 'Please make sure your passwords match.',
      });
    }
  };

  const onValid = ({ confirmPassword: _never, ...body }: z.output<typeof SignupForm>) => {
    signupMutation.mutate(body, {
      onSuccess: ({ user }) => {
        toast({
          title: 'Account created successfully!',
          description: `Welcome to YaadCare, ${user.firstName}!`,
        });
        // The guided tutorial is shown once, on the new user's dashboard (never over a form).
        markTutorialDue(user.userType === 'caregiver' ? 'caregiver' : 'family');
        // A family that came from a page asking them to sign up (a care circle invitation) goes back there.
        const back = user.userType === 'family' ? returnPath(location.state) : undefined;
        navigate(back ?? (user.userType === 'caregiver' ? '/caregiver-onboarding' : '/dashboard'), {
          replace: true,
        });
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          if (error.status === 409) setError('email', { type: 'server', message: error.message });
          for (const fieldError of error.errors ?? []) {
            const name = fieldError.path.split(/[./]/).pop() as ServerField;
            if (FIELDS.includes(name)) setError(name, { type: 'server', message: fieldError.message });
          }
        }
        toast({
          variant: 'destructive',
          title: 'Signup failed',
          ...errorToast(error, 'Please check your information and try again.'),
        });
      },
    });
  };

  const userTypeErrorId = 'userType-error';

  return (
    <AuthShell
      wide
      title="Create your account"
      description="Join YaadCare to find care or offer your services across Jamaica"
      icon={<UserPlus className="size-6" />}
      footer={<SwitchAuthLinks question="Already have an account?" to="/login" label="Log in" />}
    >
      <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="space-y-5">
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-semibold">I want to</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {ACCOUNT_TYPES.map(({ value, title, text, icon: Icon }) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer gap-3 rounded-xl border-2 border-border-strong bg-surface p-4 transition-colors',
                  'hover:border-primary has-[:checked]:border-primary has-[:checked]:bg-primary-soft',
                  'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  errors.userType && 'border-destructive',
                )}
              >
                <input
                  type="radio"
                  value={value}
                  className="sr-only"
                  aria-invalid={errors.userType ? true : undefined}
                  aria-describedby={errors.userType ? userTypeErrorId : undefined}
                  {...register('userType')}
                />
                <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
                <span>
                  <span className="block font-semibold">{title}</span>
                  <span className="block text-sm text-muted-foreground">{text}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.userType ? (
            <FieldErrorText id={userTypeErrorId}>{errors.userType.message}</FieldErrorText>
          ) : null}
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="First name" error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...register('firstName')} />
          </FormField>
          <FormField label="Last name" error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...register('lastName')} />
          </FormField>
        </div>

        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>

        <FormField label="Location" error={errors.location?.message}>
          <Select {...register('location')}>
            <option value="">Choose your town</option>
            {TOWNS_BY_PARISH.map(({ parish, towns }) => (
              <optgroup key={parish} label={parish}>
                {towns.map((town) => (
                  <option key={town} value={town}>
                    {town}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        </FormField>

        <FormField label="Phone (optional)" hint="For example 876-555-1234" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" inputMode="tel" {...register('phone')} />
        </FormField>

        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Password" hint="At least 8 characters" error={errors.password?.message}>
            <PasswordInput autoComplete="new-password" {...register('password')} />
          </FormField>
          <FormField label="Confirm password" error={errors.confirmPassword?.message}>
            <PasswordInput
              autoComplete="new-password"
              toggleLabel="Show confirm password"
              {...register('confirmPassword')}
            />
          </FormField>
        </div>

        <Button type="submit" className="w-full" disabled={signupMutation.isPending}>
          {signupMutation.isPending ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
    </AuthShell>
  );
}
