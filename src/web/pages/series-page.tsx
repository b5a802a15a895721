import { ArrowLeft } from 'lucide-react';
import { PageLoadFailed, PageMessage } from '../components/page-message';
import { Spinner } from '../components/ui/spinner';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { SeriesDetails } from '../features/bookings/components/series-details';
import { useSeries } from '../features/bookings/series-api';
import { isApiError } from '../lib/api';
import { Link, useParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

const BACK = (
  <Link to="/bookings" className="inline-flex items-center gap-1 font-semibold text-primary-deep underline">
    <ArrowLeft aria-hidden="true" className="size-4" />
    My bookings
  </Link>
);

/** /series/:id (issue 19): a weekly series, its visits and what the viewer may do with it. */
export default function SeriesPage() {
  const params = useParams();
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : Number.NaN;
  const user = useSignedInUser();
  const query = useSeries(id);
  useDocumentTitle('Regular care');

  if (
    !Number.isInteger(id) ||
    id < 1 ||
    (query.isError && isApiError(query.error) && query.error.status === 404)
  ) {
    return (
      <PageMessage title="Series not found">
        <p className="text-lg text-muted-foreground">There is no regular care here that you take part in.</p>
        {BACK}
      </PageMessage>
    );
  }
  if (query.isError) {
    return (
      <PageLoadFailed
        title="Regular care"
        message="The series could not be loaded."
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.isPending) return <Spinner label="Loading the series" />;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      {BACK}
      <SeriesDetails series={query.data} user={user} />
    </div>
  );
}
