import { Alert } from '../components/ui/alert';
import { useCurrentUser } from '../features/auth/api';
import { VisitScreen } from '../features/visits/components/visit-screen';
import { useVisitWorker } from '../features/visits/register-worker';
import type { FromState } from '../lib/from-state';
import { Link, Navigate, useLocation, useParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /visits/:bookingId: the caregiver's visit screen, phone first. Not behind RequireAuth: offline the
 * signed-in user cannot be asked for, and the screen then runs on what this phone kept (the server still
 * decides every write when it is sent). Online, a visitor goes to log in and anyone but a caregiver is
 * pointed to the read-only visit log.
 */
export default function VisitsPage() {
  useDocumentTitle('Visit');
  useVisitWorker();
  const params = useParams();
  const location = useLocation();
  const id = /^\d{1,10}$/.test(params.bookingId ?? '') ? Number(params.bookingId) : 0;
  const { data: user } = useCurrentUser();

  if (user === null) {
    const state: FromState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-6">
      <h1 className="text-3xl font-extrabold tracking-tight">Visit</h1>
      {!id ? (
        <Alert>This visit was not found among your bookings.</Alert>
      ) : user && user.userType !== 'caregiver' ? (
        <div className="space-y-3">
          <p>Only the caregiver of this booking records its visit.</p>
          <Link to={`/bookings/${id}/visit`} className="font-semibold text-primary-deep underline">
            See the visit log
          </Link>
        </div>
      ) : (
        <VisitScreen bookingId={id} timeZone={user?.timeZone ?? null} />
      )}
    </div>
  );
}
