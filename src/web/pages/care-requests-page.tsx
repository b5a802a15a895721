import { Alert } from '../components/ui/alert';
import { useCurrentUser } from '../features/auth/api';
import { CareRequestList, PostRequestLink } from '../features/care-requests/components/request-list';
import { Link } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

/** /care-requests: a family's own requests ("My requests"), or the open requests that fit a caregiver. */
export default function CareRequestsPage() {
  const user = useCurrentUser().data;
  const family = user?.userType === 'family';
  useDocumentTitle(family ? 'My care requests' : 'Care requests');
  if (user && user.userType === 'admin')
    return (
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
        <h1 className="text-3xl font-extrabold tracking-tight">Care requests</h1>
        <Alert variant="info">
          Care requests are for families and caregivers. Families’ shortlist requests are in the{' '}
          <Link to="/admin?tab=shortlists" className="font-semibold underline">
            admin console’s Shortlists tab
          </Link>
          .
        </Alert>
      </div>
    );
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight">
          {family ? 'My care requests' : 'Care requests'}
        </h1>
        <p className="text-lg text-muted-foreground">
          {family
            ? 'Tell caregivers what you need and let them come to you. Requests stay open for 14 days.'
            : 'Families near you looking for the care you offer. Apply with a short message and your rate.'}
        </p>
      </div>
      {family ? <PostRequestLink /> : null}
      {user ? <CareRequestList role={family ? 'family' : 'caregiver'} /> : null}
    </div>
  );
}
