import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import {
  CreateInvitationRequest,
  INVITATION_ROLES,
  type InvitationRole,
} from '../../../../shared/contracts/circles';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-messages';
import { formatDate } from '../../../lib/format';
import { type CreatedInvitationView, useInvite } from '../api';
import { CAP_HINT, parseCap } from '../cap';
import { contractResolver, showServerFieldErrors } from '../form-errors';
import { ROLE_HELP, ROLE_LABEL } from '../roles';

interface Values {
  email: string;
  role: InvitationRole;
  /** As typed; the request's whole JMD (parseCap). */
  monthlyCapJmd: string;
}

function toBody(v: Values): CreateInvitationRequest {
  const cap = parseCap(v.monthlyCapJmd);
  if (v.role !== 'payer' || !cap.ok) return { email: v.email, role: v.role };
  return { email: v.email, role: v.role, monthlyCapJmd: cap.value };
}

function checkCap(v: Values): Partial<Record<keyof Values, string>> {
  const cap = parseCap(v.monthlyCapJmd);
  return v.role === 'payer' && !cap.ok ? { monthlyCapJmd: cap.message } : {};
}

const FIELDS = ['email', 'role', 'monthlyCapJmd'] as const satisfies readonly Path<Values>[];

/** The link of a new invitation, shown once: the server keeps only its hash. */
function CreatedLink({ invitation, onDone }: { invitation: CreatedInvitationView; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () =>
    navigator.clipboard
      .writeText(invitation.inviteUrl)
      .then(() => setCopied('yes'))
      .catch(() => setCopied('failed'));
  return (
    <div role="status" className="space-y-3 rounded-xl border border-primary bg-primary-soft p-4">
      <p className="font-semibold break-words">
        Invitation sent. We e-mailed this link to {invitation.email}; it works until{' '}
        {formatDate(invitation.expiresAt)}.
      </p>
      <p className="text-sm">
        You can also send it yourself, by WhatsApp for example. It is shown only now, and only the person
        signed in as {invitation.email} can use it.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="invite-url" className="sr-only">
          Invitation link
        </label>
        <Input
          id="invite-url"
          readOnly
          value={invitation.inviteUrl}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="outline" onClick={() => void copy()} className="shrink-0">
          {copied === 'yes' ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copied === 'yes' ? 'Copied' : 'Copy link'}
        </Button>
      </div>
      {copied === 'failed' ? (
        <p className="text-sm">Your browser did not allow copying: select the link and copy it yourself.</p>
      ) : null}
      <Button variant="link" onClick={onDone}>
        Invite someone else
      </Button>
    </div>
  );
}

/** Coordinators invite a relative by e-mail with a role (and a cap for a payer). */
export function InviteForm({ circleId }: { circleId: number }) {
  const invite = useInvite(circleId);
  const [created, setCreated] = useState<CreatedInvitationView | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<Values, unknown, CreateInvitationRequest>({
    resolver: contractResolver(CreateInvitationRequest, toBody, checkCap),
    defaultValues: { email: '', role: 'payer', monthlyCapJmd: '' },
  });
  const role = useWatch({ control, name: 'role' });

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    invite.mutate(body, {
      onSuccess: (invitation) => {
        setCreated(invitation);
        reset();
      },
      onError: (error) => {
        const unplaced = showServerFieldErrors(error, FIELDS, setError);
        const placedAny = isApiError(error) && (error.errors?.length ?? 0) > unplaced.length;
        if (unplaced.length) setFormError(unplaced.join(' '));
        else if (!placedAny)
          setFormError(errorMessage(error, 'The invitation was not sent. Please try again.'));
      },
    });
  });

  if (created) return <CreatedLink invitation={created} onDone={() => setCreated(null)} />;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="invite">
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="E-mail address" error={errors.email?.message}>
          <Input type="email" inputMode="email" autoComplete="off" {...register('email')} />
        </FormField>
        <FormField label="Role" hint={ROLE_HELP[role]} error={errors.role?.message}>
          <Select {...register('role')}>
            {INVITATION_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {role === 'payer' ? (
        <FormField
          label="Monthly cap (optional)"
          hint={CAP_HINT}
          error={errors.monthlyCapJmd?.message}
          className="max-w-xs"
        >
          <Input inputMode="numeric" autoComplete="off" {...register('monthlyCapJmd')} />
        </FormField>
      ) : null}
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? 'Sending…' : 'Send invitation'}
      </Button>
    </form>
  );
}
