import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-messages';
import { Link } from '../../../lib/router';
import { type Applicant, type CareRequestView, useAskShortlist, useWithdraw } from '../api';
import { ApplicantCard } from './applicants';
import { RequestSummary } from './summary';

/** Actions the page adds to each applicant's card (e.g. "Ask to meet" from the meetings feature). */
type ApplicantAction = (a: Applicant) => ReactNode;

function ShortlistBox({ request: r, action }: { request: CareRequestView; action?: ApplicantAction }) {
  const ask = useAskShortlist(r.id);
  const s = r.shortlist;
  if (s?.pickedAt)
    return (
      <section aria-labelledby="shortlist-heading" className="space-y-3">
        <h2 id="shortlist-heading" className="text-xl font-bold">
          Our team’s shortlist
        </h2>
        {s.note ? <p className="text-sm">{s.note}</p> : null}
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {s.picks.map((p) => (
            <ApplicantCard
              key={p.caregiverId}
              applicant={p}
              request={r}
              bookable={false}
              extra={action?.(p)}
            />
          ))}
        </ul>
      </section>
    );
  if (s)
    return <p className="text-sm">You asked our team for a shortlist. We will tell you when it is ready.</p>;
  if (r.status !== 'open') return null;
  const refused = ask.isError && isApiError(ask.error) && ask.error.status === 403;
  return (
    <div className="space-y-2">
      <Button variant="outline" size="sm" disabled={ask.isPending} onClick={() => ask.mutate(undefined)}>
        Ask our team for a shortlist
      </Button>
      {refused ? (
        <Alert variant="info">
          {ask.error.message}{' '}
          <Link to="/pricing" className="font-semibold underline">
            See the plans
          </Link>
        </Alert>
      ) : ask.isError ? (
        <Alert>{errorMessage(ask.error, 'Your request was not sent. Please try again.')}</Alert>
      ) : null}
    </div>
  );
}

/** The family's own request: the applicants side by side, Message and Book, the team shortlist. */
export function FamilyRequest({
  request: r,
  masked,
  applicantAction,
}: {
  request: CareRequestView;
  masked: boolean;
  applicantAction?: ApplicantAction;
}) {
  const withdraw = useWithdraw(r.id);
  const applicants = r.applicants ?? [];
  return (
    <div className="space-y-6">
      {masked ? (
        <Alert variant="info">
          We hid what looked like contact details. Share them in messages once you have booked.
        </Alert>
      ) : null}
      <RequestSummary request={r} />
      <section aria-labelledby="applicants-heading" className="space-y-3">
        <h2 id="applicants-heading" className="text-xl font-bold">
          Applicants ({applicants.length})
        </h2>
        {applicants.length === 0 ? (
          <p className="text-sm">
            No applicants yet. Caregivers of this kind in {r.parish} who work on these days have been told.
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {applicants.map((a) => (
              <ApplicantCard
                key={a.caregiverId}
                applicant={a}
                request={r}
                bookable={r.status === 'open'}
                extra={applicantAction?.(a)}
              />
            ))}
          </ul>
        )}
      </section>
      <ShortlistBox request={r} action={applicantAction} />
      {r.status === 'open' ? (
        <div className="space-y-2">
          <Button
            variant="outline"
            size="sm"
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate(undefined)}
          >
            Withdraw this request
          </Button>
          {withdraw.isError ? (
            <Alert>{errorMessage(withdraw.error, 'The request was not withdrawn. Please try again.')}</Alert>
          ) : null}
        </div>
      ) : null}
      <Link to="/care-requests" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
        All my requests
      </Link>
    </div>
  );
}
