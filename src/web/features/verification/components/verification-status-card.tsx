import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { canSubmitVerification } from '../../../../shared/verification-status';
import { buttonClasses } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { VerifiedBadge } from '../../../components/verified-badge';
import { formatCalendarDate } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { verificationPeekQuery } from '../api';
import { VerificationProgress, VerificationStepper } from './verification-stepper';

const STATUS_TEXT = {
  pending: 'Not submitted yet. Finish the five steps to get your Verified badge.',
  submitted: 'Submitted. Our team is reviewing your documents.',
  approved: 'Approved. Families see the Verified badge on your profile.',
  rejected: 'Needs attention: fix what the reviewer asked and submit again.',
} as const;

/** The caregiver's verification state, on the dashboard. */
export function VerificationStatusCard({ userId }: { userId: number }) {
  const { data, isPending, isError } = useQuery(verificationPeekQuery(userId));
  return (
    <section
      aria-labelledby="verification-heading"
      className="rounded-2xl border border-border bg-surface p-5 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="verification-heading" className="flex items-center gap-2 text-lg font-bold">
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          Verification
        </h2>
        {data?.status === 'approved' ? <VerifiedBadge /> : null}
      </div>
      {isPending ? (
        <p className="mt-3 text-sm text-muted-foreground">Loading…</p>
      ) : isError ? (
        <p className="mt-3 text-sm text-destructive">Could not load your verification.</p>
      ) : (
        <>
          <p className="mt-3 text-sm" data-testid="verification-status">
            <span className="font-semibold">Status: {data ? data.status : 'not started'}</span> —{' '}
            {STATUS_TEXT[data?.status ?? 'pending']}
          </p>
          {data?.status === 'rejected' && data.rejectionReason ? (
            <p className="mt-2 rounded-lg bg-destructive-soft px-3 py-2 text-sm text-destructive">
              {data.rejectionReason}
            </p>
          ) : null}
          {data?.policeRecordExpiresOn ? (
            <p className="mt-2 text-sm text-muted-foreground">
              Police record valid until {formatCalendarDate(data.policeRecordExpiresOn)}
              {data.policeRecordStale ? ' — expired: upload a new one.' : '.'}
            </p>
          ) : null}
          {data ? (
            // The same steps, words and count as the wizard (src/shared/verification-status).
            <>
              <VerificationProgress v={data} className="mt-3" />
              <VerificationStepper v={data} className="mt-3" />
            </>
          ) : (
            <Progress className="mt-3" value={0} label="Verification progress" />
          )}
          {!data || canSubmitVerification(data) ? (
            <Link to="/background-check" className={buttonClasses({ size: 'sm', className: 'mt-4' })}>
              {!data || data.status === 'pending'
                ? 'Get verified'
                : data.status === 'approved'
                  ? 'Renew your police record'
                  : 'Fix and resubmit'}
            </Link>
          ) : (
            <Link
              to="/background-check"
              className="mt-4 inline-block text-sm font-semibold text-primary underline underline-offset-4"
            >
              See your verification
            </Link>
          )}
        </>
      )}
    </section>
  );
}
