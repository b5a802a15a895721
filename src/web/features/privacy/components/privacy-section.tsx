import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { ACCOUNT_SCRUB_DAYS } from '../../../../shared/contracts/privacy';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-messages';
import { useNavigate } from '../../../lib/router';
import { resetSessionCache } from '../../auth/api';
import { EXPORT_URL, useDeleteAccount } from '../api';

function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useDeleteAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const descriptionId = useId();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError('Enter your password to confirm');
      return;
    }
    mutation.mutate(
      { password },
      {
        onSuccess: (res) => {
          setOpen(false);
          // Same path as signing out: home first, then the layout drops the cached session.
          navigate('/', { replace: true, state: { loggedOut: true } });
          setTimeout(() => {
            resetSessionCache(queryClient, null);
            toast({ title: 'Account deleted', description: res.message });
          }, 300);
        },
        onError: (err) => {
          const field = err instanceof ApiError ? err.errors?.find((f) => f.path === 'password') : undefined;
          setError(field?.message ?? errorMessage(err, 'Your account was not deleted. Please try again.'));
        },
      },
    );
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setPassword('');
          setError(undefined);
        }
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" className="size-4" /> Delete my account
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          aria-describedby={descriptionId}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-xl font-bold">Delete your account?</Dialog.Title>
          <div id={descriptionId} className="mt-2 space-y-2 text-sm text-muted-foreground">
            <p>
              You will be signed out on every device at once and will not be able to log in again. A caregiver
              profile disappears from search straight away.
            </p>
            <p>
              Your name, contact details, photo, messages you sent and verification documents are removed
              within {ACCOUNT_SCRUB_DAYS} days. Booking and payment records the law requires us to keep stay,
              without your name. This cannot be undone.
            </p>
          </div>
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            <FormField label="Your password" error={error}>
              <PasswordInput
                autoComplete="current-password"
                toggleLabel="Show password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setError(undefined);
                }}
              />
            </FormField>
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" variant="destructive" disabled={mutation.isPending}>
                {mutation.isPending ? 'Deleting...' : 'Delete my account'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** /settings: download my data, delete my account. */
export function PrivacySection() {
  return (
    <section aria-labelledby="privacy-heading">
      <Card>
        <CardTitle as="h2" id="privacy-heading" className="text-xl">
          Your data
        </CardTitle>
        <CardDescription className="mt-1 mb-6">
          Download a copy of what YaadCare holds about you, or delete your account.
        </CardDescription>
        <div className="space-y-6">
          <div>
            <h3 className="font-semibold">Download my data</h3>
            <p className="mt-1 mb-3 text-sm text-muted-foreground">
              A JSON file with your profile, bookings, messages, reviews and notifications.
            </p>
            <a href={EXPORT_URL} download className={buttonClasses({ variant: 'outline' })}>
              <Download aria-hidden="true" className="size-4" /> Download my data
            </a>
          </div>
          <div className="border-t border-border pt-6">
            <h3 className="font-semibold">Delete my account</h3>
            <p className="mt-1 mb-3 text-sm text-muted-foreground">
              Signs you out everywhere and removes your personal data within {ACCOUNT_SCRUB_DAYS} days.
            </p>
            <DeleteAccountDialog />
          </div>
        </div>
      </Card>
    </section>
  );
}
