import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { VerificationSubmitRequest } from '../../../../shared/contracts/verification';
import { Button } from '../../../components/ui/button';
import { Alert, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { formatCalendarDate } from '../../../lib/format';
import { useNavigate } from '../../../lib/router';
import type { PublicUser } from '../../auth/api';
import { useVerificationActions, type VerificationState } from '../api';
import { DocumentUpload } from './document-upload';
import { StepReason } from './verification-notices';

/** Step 5 of the verification wizard: police record, references, consent, and the submission. */
const emptyRef = { name: '', relationship: '', phone: '' };

export function BackgroundStep({ v, user }: { v: VerificationState; user: PublicUser }) {
  const navigate = useNavigate();
  const { submit } = useVerificationActions(user.id);
  const [issuedAt, setIssuedAt] = useState(v.policeRecordIssuedAt ?? '');
  const [refs, setRefs] = useState(
    [0, 1].map((i) => (v.references[i] ? { ...v.references[i] } : { ...emptyRef })),
  );
  const [emergencyContact, setEmergencyContact] = useState(v.emergencyContact ?? '');
  const [notes, setNotes] = useState(v.notes ?? '');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const today = new Date().toISOString().slice(0, 10);
  const setRef = (i: number, key: keyof typeof emptyRef, value: string) =>
    setRefs((all) => all.map((r, j) => (j === i ? { ...r, [key]: value } : r)));

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      address: v.address ?? '',
      idNumber: v.idNumber ?? '',
      emergencyContact,
      notes,
      policeRecordIssuedAt: issuedAt,
      references: refs,
      consent: consent as true,
    };
    const parsed = VerificationSubmitRequest.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
      setErrors(next);
      if (next.address || next.idNumber) {
        toast({
          variant: 'destructive',
          title: 'Earlier steps are missing',
          description: next.idNumber ?? next.address,
        });
      }
      return;
    }
    setErrors({});
    submit.mutate(body, {
      onSuccess: () => {
        toast({
          title: 'Background check submitted',
          description: 'We will review your verification and let you know.',
        });
        navigate('/caregiver-dashboard');
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Background check not submitted',
          description: errorMessage(error, 'Something went wrong. Please try again.'),
        }),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <StepReason reason={v.steps.background.reason} />
      {v.policeRecordStale ? (
        <Alert>Your police record is more than 12 months old. Upload a new one.</Alert>
      ) : null}
      <DocumentUpload
        userId={user.id}
        type="police"
        label="Police record"
        hint="Your certificate of character (police record) from the Jamaica Constabulary Force: a photo or a PDF."
        verification={v}
        stepState={v.steps.background.state}
      />
      <FormField
        label="Police record issue date"
        hint="Records older than 12 months must be renewed."
        error={errors.policeRecordIssuedAt}
      >
        <Input type="date" max={today} value={issuedAt} onChange={(e) => setIssuedAt(e.target.value)} />
      </FormField>
      {refs.map((r, i) => (
        <fieldset
          key={`ref-${i === 0 ? 'first' : 'second'}`}
          className="space-y-3 rounded-xl border border-border p-4"
        >
          <legend className="px-1 font-semibold">Reference {i + 1}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField label="Name" error={errors[`references.${i}.name`]} id={`ref${i}-name`}>
              <Input value={r.name} onChange={(e) => setRef(i, 'name', e.target.value)} />
            </FormField>
            <FormField
              label="Relationship"
              error={errors[`references.${i}.relationship`]}
              id={`ref${i}-relationship`}
            >
              <Input
                value={r.relationship}
                placeholder="Former employer"
                onChange={(e) => setRef(i, 'relationship', e.target.value)}
              />
            </FormField>
            <FormField label="Phone" error={errors[`references.${i}.phone`]} id={`ref${i}-phone`}>
              <Input type="tel" value={r.phone} onChange={(e) => setRef(i, 'phone', e.target.value)} />
            </FormField>
          </div>
        </fieldset>
      ))}
      {errors.references ? <Alert>{errors.references}</Alert> : null}
      <FormField label="Emergency contact" hint="Name and phone number." error={errors.emergencyContact}>
        <Input
          value={emergencyContact}
          maxLength={200}
          onChange={(e) => setEmergencyContact(e.target.value)}
        />
      </FormField>
      <FormField label="Notes (optional)" error={errors.notes}>
        <Textarea
          className="min-h-20"
          maxLength={2000}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </FormField>
      <div>
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? 'consent-error' : undefined}
            className="mt-1 size-5 shrink-0 accent-[var(--color-primary)]"
          />
          <span>
            I agree that YaadCare may check my documents, police record and references, and confirm they are
            true.
          </span>
        </label>
        {errors.consent ? (
          <p id="consent-error" className="mt-1 text-sm font-medium text-destructive">
            {errors.consent}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={!emergencyContact.trim() || submit.isPending}>
        {submit.isPending ? 'Submitting...' : 'Submit for review'}
      </Button>
    </form>
  );
}

/** Instead of the submit form when there is nothing to send: under review, or approved and in date. */
export function NothingToResubmit({ v }: { v: VerificationState }) {
  return (
    <div className="space-y-3" data-testid="nothing-to-resubmit">
      {v.status === 'approved' ? (
        <p className="flex items-center gap-2 font-semibold text-primary">
          <CheckCircle2 aria-hidden="true" className="size-5" /> Your background check is approved.
        </p>
      ) : (
        <p className="font-semibold">Your verification is with our reviewers.</p>
      )}
      {v.policeRecordExpiresOn ? (
        <p className="text-sm text-muted-foreground">
          Your police record is valid until {formatCalendarDate(v.policeRecordExpiresOn)}. We will remind you
          30 days before.
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        You can send your verification again if a reviewer asks for a fix or your police record expires.
      </p>
    </div>
  );
}
