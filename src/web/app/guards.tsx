import type { ReactNode } from 'react';
import type { Role } from '../../shared/catalog';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { type PublicUser, useCurrentUser } from '../features/auth/api';
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

/** Runs `render` with the signed-in user; while /api/auth/me runs shows Loading; nobody → /login. */
export function WithUser({ children }: { children: (user: PublicUser) => ReactNode }) {
  const location = useLocation();
  const { data: user, isPending, isError, refetch } = useCurrentUser();

  if (isPending) return <Spinner />;
  if (isError) return <UserLoadError onRetry={() => void refetch()} />;
  if (!user) {
    const state: FromState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children(user)}</>;
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
