import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { useId, useState } from 'react';
import {
  STEP_LABELS,
  VERIFICATION_STATUSES,
  VERIFICATION_STEPS,
  type VerificationStatus,
  type VerificationStep,
} from '../../../../shared/contracts/verification';
import { FilteredListPanel } from '../../../components/filtered-list-panel';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Alert, FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/error-messages';
import { useAdminVerification, useAdminVerifications, useDecision } from '../api';
import { DocumentPreview } from './document-preview';

const STATE_STYLE = {
  todo: 'bg-muted text-foreground',
  done: 'bg-accent-soft text-foreground',
  approved: 'bg-primary-soft text-primary-deep',
  rejected: 'bg-destructive-soft text-destructive',
} as const;
const STATE_TEXT = {
  todo: 'Not done',
  done: 'To review',
  approved: 'Approved',
  rejected: 'Rejected',
} as const;

function StepDecision({
  userId,
  step,
  state,
  reason,
}: {
  userId: number;
  step: VerificationStep;
  state: keyof typeof STATE_TEXT;
  reason: string | null;
}) {
  const decision = useDecision(userId);
  const [rejecting, setRejecting] = useState(false);
  const [why, setWhy] = useState('');
  const id = useId();
  const send = (approved: boolean) =>
    decision.mutate(
      { step, approved, reason: approved ? undefined : why.trim() },
      {
        onSuccess: (v) => {
          setRejecting(false);
          setWhy('');
          toast({
            title: approved ? `${STEP_LABELS[step]} approved` : `${STEP_LABELS[step]} rejected`,
            description:
              v.status === 'approved' ? 'Every step is approved: the user is now verified.' : undefined,
          });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Decision not saved',
            description: errorMessage(error, 'Please try again.'),
          }),
      },
    );
  return (
    <li className="space-y-2 rounded-xl border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={`${id}-name`} className="font-semibold">
          {STEP_LABELS[step]}
        </span>
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-bold', STATE_STYLE[state])}>
          {STATE_TEXT[state]}
        </span>
      </div>
      {reason ? <p className="text-sm text-destructive">Reason: {reason}</p> : null}
      {rejecting ? (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            send(false);
          }}
        >
          <FormField label={`What must the user fix? (${STEP_LABELS[step]})`} id={`${id}-reason`}>
            <Textarea
              className="min-h-16"
              value={why}
              maxLength={500}
              onChange={(e) => setWhy(e.target.value)}
            />
          </FormField>
          <div className="flex gap-2">
            <Button
              type="submit"
              size="sm"
              variant="destructive"
              disabled={why.trim().length < 3 || decision.isPending}
            >
              Reject with this reason
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={state === 'todo' || state === 'approved' || decision.isPending}
            aria-label={`Approve ${STEP_LABELS[step].toLowerCase()}`}
            onClick={() => send(true)}
          >
            Approve
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={decision.isPending}
            aria-label={`Reject ${STEP_LABELS[step].toLowerCase()}`}
            onClick={() => setRejecting(true)}
          >
            Reject
          </Button>
        </div>
      )}
    </li>
  );
}

function VerificationDetail({ userId, name, onBack }: { userId: number; name: string; onBack: () => void }) {
  const { data: v, isPending, isError } = useAdminVerification(userId);
  return (
    <section aria-labelledby="review-heading" className="space-y-4">
      <Button variant="ghost" size="sm" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to the queue
      </Button>
      <h2 id="review-heading" className="text-2xl font-bold">
        Review: {name}
      </h2>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <Alert>Could not load this verification.</Alert>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="space-y-4">
            <Card className="p-4 sm:p-5">
              <dl className="grid gap-3 text-sm sm:grid-cols-2">
                <div>
                  <dt className="font-semibold text-muted-foreground">Status</dt>
                  <dd>{v.status}</dd>
                </div>
                <div>
                  <dt className="font-semibold text-muted-foreground">Email</dt>
                  <dd>
                    {v.email} {v.emailVerified ? '(verified)' : '(not verified)'}
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold text-muted-foreground">Phone</dt>
                  <dd>
                    {v.phone ?? '—'} {v.phoneVerified ? '(verified)' : '(not verified)'}
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold text-muted-foreground">ID number</dt>
                  <dd>{v.idNumber ?? '—'}</dd>
                </div>
                <div className="sm:col-span-2">
                  <dt className="font-semibold text-muted-foreground">Address</dt>
                  <dd>{v.address ?? '—'}</dd>
                </div>
                <div>
                  <dt className="font-semibold text-muted-foreground">Police record issued</dt>
                  <dd>
                    {v.policeRecordIssuedAt ?? '—'}
                    {v.policeRecordStale ? (
                      <span className="ml-2 inline-flex items-center gap-1 font-bold text-destructive">
                        <ShieldAlert aria-hidden="true" className="size-4" /> Older than 12 months
                      </span>
                    ) : null}
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold text-muted-foreground">Emergency contact</dt>
                  <dd>{v.emergencyContact ?? '—'}</dd>
                </div>
                <div className="sm:col-span-2">
                  <dt className="font-semibold text-muted-foreground">References</dt>
                  <dd>
                    {v.references.length ? (
                      <ul className="list-disc pl-5">
                        {v.references.map((r) => (
                          <li key={`${r.name}-${r.phone}`}>
                            {r.name} ({r.relationship}), {r.phone}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      '—'
                    )}
                  </dd>
                </div>
                {v.notes ? (
                  <div className="sm:col-span-2">
                    <dt className="font-semibold text-muted-foreground">Notes</dt>
                    <dd>{v.notes}</dd>
                  </div>
                ) : null}
                <div>
                  <dt className="font-semibold text-muted-foreground">Consent</dt>
                  <dd>{v.consent ? 'Given' : 'Not given'}</dd>
                </div>
              </dl>
            </Card>
            <ul className="space-y-3" aria-label="Steps">
              {VERIFICATION_STEPS.map((step) => (
                <StepDecision
                  key={step}
                  userId={userId}
                  step={step}
                  state={v.steps[step].state}
                  reason={v.steps[step].reason}
                />
              ))}
            </ul>
          </div>
          <div className="space-y-3">
            <h3 className="text-lg font-bold">Documents</h3>
            {v.documents.length === 0 ? (
              <p className="text-muted-foreground">No documents uploaded.</p>
            ) : null}
            {v.documents.map((d) => (
              <DocumentPreview key={d.id} doc={d} />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}

/** /admin "Verifications": the review queue by status, and one user's record with a decision per step. */
export function VerificationQueue() {
  const [status, setStatus] = useState<VerificationStatus>('submitted');
  const [open, setOpen] = useState<{ userId: number; name: string } | null>(null);
  const query = useAdminVerifications(status);
  if (open) return <VerificationDetail {...open} onBack={() => setOpen(null)} />;
  return (
    <FilteredListPanel
      id="queue"
      title="Verifications"
      filterLabel="Status"
      status={status}
      options={VERIFICATION_STATUSES.map((s) => ({ value: s, label: s[0].toUpperCase() + s.slice(1) }))}
      onStatusChange={setStatus}
      query={query}
      errorText="Could not load the queue."
      isEmpty={(d) => d.items.length === 0}
      emptyText={`No ${status} verifications.`}
    >
      {(data) => (
        <ul className="space-y-3">
          {data.items.map((item) => {
            const name = `${item.firstName} ${item.lastName}`;
            return (
              <li
                key={item.userId}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface p-4"
              >
                <div>
                  <p className="font-semibold">{name}</p>
                  <p className="text-sm text-muted-foreground">
                    {item.email} · {item.userType}
                    {item.submittedAt
                      ? ` · submitted ${new Date(item.submittedAt).toLocaleDateString('en-JM')}`
                      : ''}
                  </p>
                  {item.policeRecordStale ? (
                    <p className="mt-1 flex items-center gap-1 text-sm font-bold text-destructive">
                      <ShieldAlert aria-hidden="true" className="size-4" /> Police record older than 12 months
                    </p>
                  ) : null}
                  <p className="mt-1 text-sm">
                    {VERIFICATION_STEPS.map(
                      (s) => `${STEP_LABELS[s]}: ${STATE_TEXT[item.steps[s].state]}`,
                    ).join(' · ')}
                  </p>
                </div>
                <Button
                  size="sm"
                  onClick={() => setOpen({ userId: item.userId, name })}
                  aria-label={`Review ${name}`}
                >
                  Review
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </FilteredListPanel>
  );
}
