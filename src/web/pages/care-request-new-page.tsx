import { ArrowLeft } from 'lucide-react';
import { Alert } from '../components/ui/alert';
import { useCurrentUser } from '../features/auth/api';
import { CareRequestForm } from '../features/care-requests/components/request-form';
import { Link } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

/** /care-requests/new (families): post a care request. */
export default function CareRequestNewPage() {
  useDocumentTitle('Post a care request');
  const user = useCurrentUser().data;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <Link
        to="/care-requests"
        className="inline-flex items-center gap-1 font-semibold text-primary-deep underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        My care requests
      </Link>
      <div className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight">Post a care request</h1>
        <p className="text-muted-foreground">
          Caregivers of this kind in your parish who work on these days are told and can apply. Only your
          first name is shown to them until you book.
        </p>
      </div>
      {user?.userType === 'family' ? (
        <CareRequestForm />
      ) : user ? (
        <Alert variant="info">Only family accounts post care requests.</Alert>
      ) : null}
    </div>
  );
}
