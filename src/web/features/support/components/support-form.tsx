import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CreateSupportTicketRequest,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_REPLY_TIME,
} from '../../../../shared/contracts/support';
import { Button } from '../../../components/ui/button';
import { Alert, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-messages';
import { useCurrentUser } from '../../auth/api';
import { useCreateTicket } from '../api';

const FIELDS = ['name', 'email', 'category', 'subject', 'message'] as const;
type Field = (typeof FIELDS)[number];

/** The support page's message form: creates a ticket; a copy with the reference goes to the sender. */
export function SupportForm() {
  const { data: user } = useCurrentUser();
  const mutation = useCreateTicket();
  const [sent, setSent] = useState<{ reference: string; email: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(CreateSupportTicketRequest),
    values: {
      name: user ? `${user.firstName} ${user.lastName}` : '',
      email: user?.email ?? '',
      category: 'getting-started' as const,
      subject: '',
      message: '',
    },
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (res) => {
        setSent({ reference: res.reference, email: user?.email ?? values.email });
        reset();
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const fe of error.errors ?? []) {
            const name = fe.path.split(/[./]/).pop() as Field;
            if (FIELDS.includes(name)) setError(name, { type: 'server', message: fe.message });
          }
        }
      },
    }),
  );

  return (
    <section aria-labelledby="message-heading" className="mx-auto max-w-3xl px-4 py-12">
      <h2 id="message-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Send us a message
      </h2>
      <p className="mt-2 text-muted-foreground">
        A person on our team reads every message and replies by e-mail {SUPPORT_REPLY_TIME}.
      </p>
      {sent ? (
        <div role="status" className="mt-6 flex gap-3 rounded-xl border border-primary bg-primary-soft p-4">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-deep" />
          <div>
            <p className="font-semibold">Message sent. Your reference is {sent.reference}.</p>
            <p className="text-sm">
              We e-mailed a copy to {sent.email}. Please quote the reference if you write again.
            </p>
            <Button variant="link" className="mt-1" onClick={() => setSent(null)}>
              Send another message
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5" aria-label="Message to support">
          {mutation.isError ? (
            <Alert>{errorMessage(mutation.error, 'Your message was not sent. Please try again.')}</Alert>
          ) : null}
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Your name" error={errors.name?.message}>
              <Input autoComplete="name" {...register('name')} />
            </FormField>
            <FormField
              label="E-mail address"
              hint={user ? 'We reply to the address of your account.' : undefined}
              error={errors.email?.message}
            >
              <Input type="email" autoComplete="email" readOnly={Boolean(user)} {...register('email')} />
            </FormField>
          </div>
          <FormField label="Topic" error={errors.category?.message}>
            <Select {...register('category')}>
              {SUPPORT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {SUPPORT_CATEGORY_LABELS[c]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Subject" error={errors.subject?.message}>
            <Input maxLength={150} {...register('subject')} />
          </FormField>
          <FormField
            label="Message"
            hint="Include your booking date or the caregiver's name if it is about a booking. Never send card numbers or passwords."
            error={errors.message?.message}
          >
            <Textarea className="min-h-40" maxLength={SUPPORT_MESSAGE_MAX} {...register('message')} />
          </FormField>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Sending...' : 'Send message'}
          </Button>
        </form>
      )}
    </section>
  );
}
