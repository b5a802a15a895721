import { lazy, type ReactNode, Suspense } from 'react';
import type { Role } from '../../shared/catalog';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { type PublicUser, useCurrentUser } from '../features/auth/api';
import { useVisitWorker } from '../features/visits/register-worker';
import type { FromState } from '../lib/from-state';
import { Navigate, useLocation } from '../lib/router';

function UserLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-md space-y-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <Alert>Failed to fetch user data</Alert>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}

/** Offline, a signed-in page shows this (its own chunk, precached by the service worker: ADR 0029). */
const OfflinePage = lazy(() => import('../pages/offline-page'));
/** Keeps a caregiver's coming visits for the offline page (its own chunk). */
const ScheduleKeeper = lazy(() => import('../features/visits/schedule-keeper'));

/** On every signed-in page: the service worker that opens the app offline, and a caregiver's kept visits. */
function OfflineReady({ user }: { user: PublicUser }) {
  useVisitWorker();
  return user.userType === 'caregiver' ? (
    <Suspense fallback={null}>
      <ScheduleKeeper user={user} />
    </Suspense>
  ) : null;
}

/**
 * Runs `render` with the signed-in user; while /api/auth/me runs shows Loading; nobody → /login. Offline
 * (the question waits for the network) the offline page, with a caregiver's kept visits.
 */
export function WithUser({ children }: { children: (user: PublicUser) => ReactNode }) {
  const location = useLocation();
  const { data: user, isPending, isError, refetch, fetchStatus } = useCurrentUser();

  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  if ((isPending && fetchStatus === 'paused') || (isError && offline)) return <OfflinePage />;
  if (isPending) return <Spinner />;
  if (isError) return <UserLoadError onRetry={() => void refetch()} />;
  if (!user) {
    const state: FromState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return (
    <>
      {children(user)}
      <OfflineReady user={user} />
    </>
  );
}

/** Its page needs a signed-in user. */
export function RequireAuth({ children }: { children: ReactNode }) {
  return <WithUser>{() => children}</WithUser>;
}

/** Its page needs one of `roles`; others are sent to `otherwise` (a path, or the path for their account). */
export function RequireRole({
  roles,
  otherwise,
  children,
}: {
  roles: readonly Role[];
  otherwise: string | ((user: PublicUser) => string);
  children: ReactNode;
}) {
  return (
    <WithUser>
      {(user) =>
        roles.includes(user.userType) ? (
          children
        ) : (
          <Navigate to={typeof otherwise === 'string' ? otherwise : otherwise(user)} replace />
        )
      }
    </WithUser>
  );
}
