import { bearer, createUser, loginToken } from '../../test/factories';
import type { TestContext } from '../../test/harness';

/** Helpers of the messaging tests: a signed-in family and caregiver, and a send through POST /api/messages. */
export function messagingHelpers(t: TestContext) {
  async function pair() {
    const family = await createUser(t.database.db, { userType: 'family', firstName: 'Natalie' });
    const caregiver = await createUser(t.database.db, { userType: 'caregiver', firstName: 'Shanique' });
    const [fh, ch] = await Promise.all([loginToken(t.app, family.email), loginToken(t.app, caregiver.email)]);
    return { family, caregiver, fh: bearer(fh), ch: bearer(ch) };
  }
  const send = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/messages', headers, payload: payload as object });
  return { pair, send };
}
