import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { useLocation, useNavigate } from '../../lib/router';
import { logout, resetSessionCache } from './api';

/** GET /api/logout: the plain link that works without JavaScript (revokes the session, redirects to /). */
export const LOGOUT_URL = '/api/logout';

interface LoggedOutState {
  loggedOut?: boolean;
}

/**
 * Signs out through POST /api/auth/logout, then goes home. The cache is cleared only once home is on
 * screen (see useFinishSignOut): clearing it first would make a guarded page bounce to /login.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      // Already signed out is fine; anything else falls back to the server's own logout page.
      if (!(error instanceof ApiError && error.status === 401)) {
        window.location.assign(LOGOUT_URL);
        return;
      }
    }
    navigate('/', { state: { loggedOut: true } satisfies LoggedOutState });
  }, [navigate]);
}

/**
 * Mounted once in the layout: after a sign-out lands on / (from useSignOut, or from GET /api/logout,
 * which redirects to /?loggedOut=1), drop cached data and say so.
 */
export function useFinishSignOut() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = new URLSearchParams(location.search);
  const inApp = (location.state as LoggedOutState | null)?.loggedOut === true;
  const loggedOut = inApp || params.get('loggedOut') === '1';

  useEffect(() => {
    if (!loggedOut) return;
    // After an in-app sign-out the cache still holds the signed-out person's data. ?loggedOut=1 is a
    // fresh page load (GET /api/logout): its cache is already a visitor's, and the page may still be
    // hydrating from it, so it is left alone.
    if (inApp) resetSessionCache(queryClient, null);
    toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    const rest = new URLSearchParams(location.search);
    rest.delete('loggedOut');
    const search = rest.toString();
    navigate(`${location.pathname}${search ? `?${search}` : ''}`, { replace: true, state: null });
  }, [inApp, loggedOut, location.pathname, location.search, navigate, queryClient]);
}
