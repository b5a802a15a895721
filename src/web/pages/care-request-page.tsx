import { ArrowLeft } from 'lucide-react';
import { Alert } from '../components/ui/alert';
import { Spinner } from '../components/ui/spinner';
import { useCareRequest } from '../features/care-requests/api';
import { CaregiverRequest } from '../features/care-requests/components/caregiver-request';
import { FamilyRequest } from '../features/care-requests/components/family-request';
import { kindLabel } from '../features/care-requests/text';
import { AskToMeet } from '../features/meetings/components/ask-to-meet';
import { errorMessage } from '../lib/error-messages';
import { Link, useParams, useSearchParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

/** /care-requests/:id: the family compares applicants; a fitting caregiver reads it and applies. */
export default function CareRequestPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const request = useCareRequest(id);
  const r = request.data;
  useDocumentTitle(r ? `${kindLabel(r.kind)} in ${r.town}` : 'Care request');
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <Link
        to="/care-requests"
        className="inline-flex items-center gap-1 font-semibold text-primary-deep underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Care requests
      </Link>
      <h1 className="text-3xl font-extrabold tracking-tight">
        {r ? `${kindLabel(r.kind)} in ${r.town}` : 'Care request'}
      </h1>
      {!id ? (
        <Alert>This care request was not found.</Alert>
      ) : request.isPending ? (
        <Spinner label="Loading the request" />
      ) : request.isError ? (
        <Alert>{errorMessage(request.error, 'The request could not be loaded. Please try again.')}</Alert>
      ) : r?.mine ? (
        <FamilyRequest
          request={r}
          masked={search.get('masked') === '1'}
          applicantAction={(a) => (
            <AskToMeet
              caregiverId={a.caregiverId}
              name={`${a.firstName} ${a.lastInitial}.`}
              careRequestId={r.id}
            />
          )}
        />
      ) : r ? (
        <CaregiverRequest request={r} />
      ) : null}
    </div>
  );
}
