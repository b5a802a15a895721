import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { bearer, createUser, loginToken } from '../../test/factories';
import { type DbKind, type TestContext, useTestApp } from '../../test/harness';

export type H = Record<string, string>;

/** A test app with its own data directory, removed after the file's tests (uploads go to its database). */
export function useAppWithFiles(kind: DbKind, prefix: string): TestContext {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const t = useTestApp(kind, { dataDir });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  return t;
}

/** Helpers of the verification and admin review tests: a signed-in user of a role, a POST with headers. */
export function verificationHelpers(t: TestContext) {
  async function signIn(userType: 'family' | 'caregiver' | 'admin', extra = {}) {
    const user = await createUser(t.database.db, { userType, ...extra });
    return { user, h: bearer(await loginToken(t.app, user.email)) };
  }
  const post = (url: string, h: H | undefined, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url, headers: h, payload: payload as object });
  const decide = (h: H, userId: number, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/verifications/${userId}/decision`, headers: h, payload });
  return { signIn, post, decide };
}
