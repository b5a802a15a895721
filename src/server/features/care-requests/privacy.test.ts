import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { careRequestApplications, careRequests } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { SCRUBBERS } from '../../wiring/privacy-hooks';
import { careRequestPrivacy } from './privacy';
import { careRequestApi, requestBody, wednesdayAhead } from './testing';

describe.each(DB_KINDS)('care requests and privacy on %s', (kind) => {
  const clock = new Date();
  const t = useTestApp(kind, {}, () => clock);
  const api = () => careRequestApi(t.app);

  it('exports a user’s requests and applications, and a scrub removes them', async () => {
    const family = await signedIn(t.db, { userType: 'family', parish: 'Kingston', location: 'Kingston' });
    const cg = await signedInCaregiver(t.db, { kinds: ['senior-care'], user: { parish: 'Kingston' } });
    const { id } = (await api().post(family.headers, requestBody(wednesdayAhead(3, clock)))).json() as {
      id: number;
    };
    expect(
      (await api().apply(id, cg.headers, { message: 'Glad to help', hourlyRate: 1500 })).statusCode,
    ).toBe(201);

    const mine = (await t.injectAs(family, { method: 'GET', url: '/api/me/export' })).json();
    expect(mine.careRequests.requests).toMatchObject([{ id, status: 'open' }]);
    const theirs = (await t.injectAs(cg, { method: 'GET', url: '/api/me/export' })).json();
    expect(theirs.careRequests.applications).toMatchObject([
      { message: 'Glad to help', request: { kind: 'senior-care' } },
    ]);
    expect(JSON.stringify(theirs.careRequests)).not.toContain('tablets');

    expect(SCRUBBERS).toContain(careRequestPrivacy.scrub);
    await t.db.transaction((tx) => careRequestPrivacy.scrub(tx, cg.user));
    expect(
      await t.db.select().from(careRequestApplications).where(eq(careRequestApplications.requestId, id)),
    ).toEqual([]);
    await t.db.transaction((tx) => careRequestPrivacy.scrub(tx, family.user));
    expect(await t.db.select().from(careRequests).where(eq(careRequests.id, id))).toEqual([]);
  });
});
