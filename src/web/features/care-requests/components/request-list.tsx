import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-messages';
import { Link } from '../../../lib/router';
import { useCareRequests } from '../api';
import { budgetText, kindLabel, STATUS_WORDS, whenText } from '../text';

/** Families: their requests with applicant counts. Caregivers: the open requests that fit them. */
export function CareRequestList({ role }: { role: 'family' | 'caregiver' }) {
  const list = useCareRequests();
  if (list.isPending) return <Spinner label="Loading care requests" />;
  if (list.isError)
    return (
      <Alert>{errorMessage(list.error, 'The care requests could not be loaded. Please try again.')}</Alert>
    );
  if (list.data.length === 0)
    return (
      <p>
        {role === 'family'
          ? 'You have not posted a care request yet.'
          : 'No open requests fit you right now. Requests for your kinds of care in your parish, on days you work, show here.'}
      </p>
    );
  return (
    <ul className="space-y-3">
      {list.data.map((r) => {
        const budget = budgetText(r);
        return (
          <li key={r.id} className="rounded-2xl border bg-surface p-4" data-testid="care-request">
            <h2 className="font-bold">
              <Link to={`/care-requests/${r.id}`} className="hover:underline">
                {kindLabel(r.kind)} in {r.town}, {r.parish}
              </Link>
            </h2>
            <p className="text-sm">{whenText(r)}</p>
            {budget ? <p className="text-sm">Budget: {budget}</p> : null}
            <p className="text-sm">
              {role === 'family'
                ? `${STATUS_WORDS[r.status]} · ${r.applicantCount} ${r.applicantCount === 1 ? 'applicant' : 'applicants'}`
                : r.myApplication
                  ? 'You applied'
                  : `Posted by ${r.familyFirstName}`}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

export function PostRequestLink() {
  return (
    <Link to="/care-requests/new" className={buttonClasses({ size: 'sm' })}>
      Post a care request
    </Link>
  );
}
