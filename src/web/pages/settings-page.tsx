import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ChangePasswordRequest } from '../../shared/contracts/auth';
import { Button } from '../components/ui/button';
import { Card, CardDescription, CardTitle } from '../components/ui/card';
import { FormField } from '../components/ui/form-field';
import { PasswordInput } from '../components/ui/password-input';
import { toast } from '../components/ui/use-toast';
import { NewPasswordFields } from '../features/auth/components/new-password-fields';
import { TimeZoneCurrencyForm } from '../features/auth/components/time-zone-currency-form';
import { useChangePassword } from '../features/auth/mutations';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { CalendarFeedSection } from '../features/calendar-feeds/components/calendar-feed-section';
import { NotificationsSection } from '../features/notifications/components/notification-preferences';
import { YourPlanSection } from '../features/plans/components/your-plan-section';
import { PrivacySection } from '../features/privacy/components/privacy-section';
import { ApiError } from '../lib/api';
import { errorMessage } from '../lib/error-messages';
import { useDocumentTitle } from '../lib/use-document-title';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

function ChangePasswordForm() {
  const mutation = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ChangePasswordRequest),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: (response) => {
        reset();
        toast({
          title: 'Password updated',
          description:
            response?.message || 'Your password has been changed. Other devices have been signed out.',
        });
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const fieldError of error.errors ?? []) {
            const name = fieldError.path.split(/[./]/).pop() as Field;
            if (FIELDS.includes(name)) setError(name, { type: 'server', message: fieldError.message });
          }
        }
        toast({
          variant: 'destructive',
          title: 'Password not changed',
          description: errorMessage(error, 'Failed to change password. Please try again.'),
        });
      },
    });
  });

  return (
    <section aria-labelledby="change-password-heading">
      <Card>
        <CardTitle as="h2" id="change-password-heading" className="text-xl">
          Change password
        </CardTitle>
        <CardDescription className="mt-1 mb-6">
          Changing your password signs you out on every other device.
        </CardDescription>
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <FormField label="Current password" error={errors.currentPassword?.message}>
            <PasswordInput
              autoComplete="current-password"
              toggleLabel="Show current password"
              {...register('currentPassword')}
            />
          </FormField>
          <NewPasswordFields
            newPassword={register('newPassword')}
            confirmPassword={register('confirmPassword')}
            newPasswordError={errors.newPassword?.message}
            confirmPasswordError={errors.confirmPassword?.message}
            newPasswordHint="At least 8 characters"
          />
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Updating...' : 'Update password'}
          </Button>
        </form>
      </Card>
    </section>
  );
}

export default function SettingsPage() {
  useDocumentTitle('Settings');
  const user = useSignedInUser();
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">Settings</h1>
        <p className="mt-1 text-muted-foreground">
          Signed in as <span className="font-semibold text-foreground">{user.email}</span>
        </p>
      </div>
      {user.userType === 'family' ? <YourPlanSection /> : null}
      {user.userType === 'family' ? <TimeZoneCurrencyForm user={user} /> : null}
      <ChangePasswordForm />
      <NotificationsSection />
      <CalendarFeedSection userType={user.userType} />
      <PrivacySection />
    </div>
  );
}
