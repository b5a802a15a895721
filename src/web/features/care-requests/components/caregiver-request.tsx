import { type FormEvent, useState } from 'react';
import { ApplyToCareRequest } from '../../../../shared/contracts/care-requests';
import { formatJmd, toCents } from '../../../../shared/money';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-messages';
import { type CareRequestView, useApply } from '../api';
import { RequestSummary } from './summary';

/** A request as a fitting caregiver sees it (the family's first name only), with the apply form. */
export function CaregiverRequest({ request: r }: { request: CareRequestView }) {
  const apply = useApply(r.id);
  const [errors, setErrors] = useState<Partial<Record<'message' | 'hourlyRate', string>>>({});
  const [masked, setMasked] = useState(false);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const rate = String(f.get('hourlyRate') ?? '').trim();
    const body = {
      message: String(f.get('message') ?? ''),
      hourlyRate: rate === '' ? undefined : Number(rate),
    };
    const parsed = ApplyToCareRequest.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const i of parsed.error.issues) next[i.path[0] as 'message' | 'hourlyRate'] ??= i.message;
      setErrors(next);
      return;
    }
    setErrors({});
    apply.mutate(body as never, {
      onSuccess: (created) => setMasked(created.contactDetailsMasked),
      onError: (err) => {
        if (isApiError(err) && err.errors)
          setErrors(Object.fromEntries(err.errors.map((x) => [x.path, x.message])));
      },
    });
  }

  const mine = r.myApplication;
  return (
    <div className="space-y-6">
      <p>Posted by {r.familyFirstName}. Their surname and address are shared once they book you.</p>
      <RequestSummary request={r} />
      {mine ? (
        <Alert variant="info">
          <p role="status">
            You applied at {formatJmd(toCents(mine.hourlyRate))} an hour.{' '}
            {mine.status === 'booked'
              ? 'The family booked you: see your bookings.'
              : mine.status === 'declined'
                ? 'The family chose someone else this time.'
                : 'The family will be in touch if they choose you.'}
          </p>
          {masked ? <p>We hid what looked like contact details in your message.</p> : null}
        </Alert>
      ) : r.status === 'open' ? (
        <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="apply-heading">
          <h2 id="apply-heading" className="text-xl font-bold">
            Apply
          </h2>
          <FormField
            label="A short message to the family"
            hint="Say why you suit this. No phone numbers or e-mails: we hide them."
            error={errors.message}
          >
            <Textarea name="message" maxLength={1000} />
          </FormField>
          <FormField label="Your rate (J$ an hour)" error={errors.hourlyRate}>
            <Input name="hourlyRate" type="number" inputMode="numeric" min={100} step={50} />
          </FormField>
          {apply.isError && !(isApiError(apply.error) && apply.error.errors) ? (
            <Alert>{errorMessage(apply.error, 'Your application was not sent. Please try again.')}</Alert>
          ) : null}
          <Button type="submit" disabled={apply.isPending}>
            {apply.isPending ? 'Sending…' : 'Send application'}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
