import { type PublicUser, useCurrentUser } from './api';

/** The user on a page behind RequireAuth, where the guard has already loaded one. */
export function useSignedInUser(): PublicUser {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useSignedInUser needs a signed-in user: put the page behind RequireAuth.');
  return data;
}
