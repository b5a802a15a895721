import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CARE_REQUEST_MESSAGES } from '../../../shared/contracts/care-requests';
import type { FeatureGate } from '../../../shared/plan-features';
import { notifications } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { queueNotice } from '../notifications/service';
import { plansOf } from '../plans/testing';
import { reliabilityService } from '../reliability/service';
import { createCareRequestService } from './service';
import { careRequestApi, requestBody, wednesdayAhead } from './testing';

describe.each(DB_KINDS)('the team shortlist on %s', (kind) => {
  const clock = new Date();
  const t = useTestApp(kind, {}, () => clock);
  const api = () => careRequestApi(t.app);

  /** A gate the test controls: only these users' plans unlock the team shortlist. */
  const premium = new Set<string>();
  const gate: FeatureGate = {
    allows: async (userId, feature) => feature === 'team_shortlist' && premium.has(userId),
  };
  const service = () =>
    createCareRequestService({
      db: t.db,
      mailer: t.app.mailer,
      publicUrl: 'http://localhost',
      now: () => clock,
      bookings: t.app.services.bookings.requestsAtRate,
      gate,
      reliabilityRank: reliabilityService.rankOf,
      notices: { queue: queueNotice },
    });

  async function posted() {
    const family = await signedIn(t.db, { userType: 'family', parish: 'Kingston', location: 'Kingston' });
    const res = await api().post(family.headers, requestBody(wednesdayAhead(3, clock)));
    expect(res.statusCode).toBe(201);
    return { family, id: (res.json() as { id: number }).id };
  }

  it('is refused with a clear upgrade message when the plan does not unlock it', async () => {
    const { family, id } = await posted();
    // The app's gate is the plans service's: a Basic family, then a Family Plan one, is refused.
    const ask = () =>
      t.injectAs(family, { method: 'POST', url: `/api/care-requests/${id}/shortlist-request` });
    const res = await ask();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'PLAN_REQUIRED',
      message: CARE_REQUEST_MESSAGES.shortlistNeedsPremium,
    });
    expect((await plansOf(() => t.app).subscribe(family, 'family')).statusCode).toBe(201);
    expect((await ask()).json().code).toBe('PLAN_REQUIRED');
    // On Premium (an upgrade, charged prorated at once) the team is asked.
    expect((await plansOf(() => t.app).change(family, 'premium')).statusCode).toBeLessThan(300);
    expect((await ask()).statusCode).toBeLessThan(300);
    await expect(
      service().requestShortlist({ ...family.user, userType: 'family' }, id),
    ).rejects.toMatchObject({ statusCode: 403 });
    // Someone else's request: 404 whatever their plan.
    const other = await signedIn(t.db, { userType: 'family' });
    premium.add(String(other.user.id));
    await expect(service().requestShortlist({ ...other.user, userType: 'family' }, id)).rejects.toMatchObject(
      {
        statusCode: 404,
      },
    );
  });

  it('goes to the admin queue when allowed; the team’s picks reach the family', async () => {
    const { family, id } = await posted();
    premium.add(String(family.user.id));
    const asked = await service().requestShortlist({ ...family.user, userType: 'family' }, id);
    expect(asked.shortlist).toMatchObject({ pickedAt: null, picks: [] });
    await expect(
      service().requestShortlist({ ...family.user, userType: 'family' }, id),
    ).rejects.toMatchObject({
      statusCode: 409,
    });

    const admin = await signedIn(t.db, { userType: 'admin' });
    expect((await t.injectAs(family, { method: 'GET', url: '/api/admin/shortlists' })).statusCode).toBe(403);
    const queue = await t.injectAs(admin, { method: 'GET', url: '/api/admin/shortlists' });
    expect(queue.statusCode).toBe(200);
    expect((queue.json() as { requestId: number }[]).map((q) => q.requestId)).toContain(id);

    const picks = [];
    for (const firstName of ['Ann', 'Bev', 'Cas', 'Dee'])
      picks.push(
        await signedInCaregiver(t.db, { kinds: ['senior-care'], user: { firstName, parish: 'St. Andrew' } }),
      );
    const pick = (caregiverIds: unknown, headers = admin.headers) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/shortlists/${id}`,
        headers,
        payload: { caregiverIds, note: 'All three have cared for elders with diabetes.' },
      });
    expect((await pick([picks[0].caregiver.id], family.headers)).statusCode).toBe(403);
    expect((await pick(picks.map((p) => p.caregiver.id))).statusCode).toBe(400);
    expect((await pick([])).statusCode).toBe(400);
    expect((await pick([2_000_000_000])).statusCode).toBe(400);
    const three = picks.slice(0, 3).map((p) => p.caregiver.id);
    expect((await pick(three)).statusCode).toBe(200);
    expect((await pick(three)).statusCode).toBe(409);

    const seen = (await api().get(id, family.headers)).json() as {
      shortlist: { note: string; picks: { caregiverId: number; firstName: string; distanceKm: number }[] };
    };
    expect(seen.shortlist.note).toContain('diabetes');
    expect(seen.shortlist.picks.map((p) => p.caregiverId).sort()).toEqual([...three].sort());
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, family.user.id));
    expect(told.some((n) => n.kind === 'care_request.shortlist')).toBe(true);
    const after = await t.injectAs(admin, { method: 'GET', url: '/api/admin/shortlists' });
    expect((after.json() as { requestId: number }[]).map((q) => q.requestId)).not.toContain(id);
  });
});
