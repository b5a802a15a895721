import type { Tx } from '../db/client';
import { sessions } from '../features/auth';
import {
  bearer,
  type CaregiverOverrides,
  createCaregiver,
  createUser,
  type UserOverrides,
} from './factories';

/** Shared sign-in helpers for tests of every feature (not used by the app). */

/** A signed-in user: the row and Bearer headers (no password hashing per login). */
export async function signedIn(db: Tx, overrides: UserOverrides = {}) {
  const user = await createUser(db, overrides);
  const token = await sessions.create(db, user.id, {});
  return { user, headers: bearer(token) };
}

/** A signed-in caregiver: the user and caregiver rows and Bearer headers. */
export async function signedInCaregiver(db: Tx, overrides: CaregiverOverrides = {}) {
  const { user, caregiver } = await createCaregiver(db, overrides);
  const token = await sessions.create(db, user.id, {});
  return { user, caregiver, headers: bearer(token) };
}
