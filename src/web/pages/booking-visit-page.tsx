import { ArrowLeft } from 'lucide-react';
import { Alert } from '../components/ui/alert';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { LiveVisitLog } from '../features/visits/components/live-visit-log';
import { Link, useParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /bookings/:id/visit: the visit log of a booking, live, for its family, the care circle's members (viewers
 * too), its caregiver and admins (the server answers 404 to anyone else). Read only.
 */
export default function BookingVisitPage() {
  useDocumentTitle('Visit log');
  const user = useSignedInUser();
  const params = useParams();
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0;
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <Link
        to="/bookings"
        className="inline-flex items-center gap-1 font-semibold text-primary-deep underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        My bookings
      </Link>
      <h1 className="text-3xl font-extrabold tracking-tight">Visit log</h1>
      {id ? (
        <LiveVisitLog bookingId={id} timeZone={user.timeZone ?? null} />
      ) : (
        <Alert>This visit was not found among your bookings.</Alert>
      )}
    </div>
  );
}
