import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../core/tokens';
import { bookings, circleInvitations, circleMembers } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { daysAhead, panelBody } from '../bookings/testing';
import { sandboxToken } from '../payments/testing';
import { circleBody, createCircle, join, type Person, request } from './testing';

/**
 * Who may call each circle route: every persona × every route, with the exact status. Circle A has a
 * coordinator, a payer and a viewer (its creator's provisional roles passed to them); circle B's creator still
 * holds coordinator and payer. Each call that changes something gets its own target (a spare member, an
 * invitation), so the calls do not depend on each other.
 */
type PersonaName =
  | 'coordinator'
  | 'payer'
  | 'viewer'
  | 'creator (coordinator+payer)'
  | 'stranger family'
  | 'caregiver'
  | 'admin'
  | 'anonymous';

interface Persona {
  who?: Person;
  circleId: number;
}

interface Route {
  name: string;
  call: (p: Persona) => Promise<number>;
  expect: Record<PersonaName, number>;
}

const allowed = (ok: number, roles: Partial<Record<PersonaName, number>>): Record<PersonaName, number> => ({
  coordinator: 403,
  payer: 403,
  viewer: 403,
  'creator (coordinator+payer)': ok,
  'stranger family': 404,
  caregiver: 403,
  admin: 403,
  anonymous: 401,
  ...roles,
});

describe.each(DB_KINDS)('the circle access matrix on %s', (kind) => {
  const t = useTestApp(kind);
  const personas = {} as Record<PersonaName, Persona>;
  /** Each circle's coordinator, who books for it. */
  const bookerOf = new Map<number, Person>();

  beforeAll(async () => {
    const founder = await signedIn(t.db, { userType: 'family' });
    const a = await createCircle(t.app, founder);
    const coordinator = await join(t.app, t.db, a.id, founder, 'coordinator');
    const payer = await join(t.app, t.db, a.id, coordinator, 'payer');
    const viewer = await join(t.app, t.db, a.id, coordinator, 'viewer');
    const creator = await signedIn(t.db, { userType: 'family' });
    const b = await createCircle(t.app, creator);
    bookerOf.set(a.id, coordinator);
    bookerOf.set(b.id, creator);
    Object.assign(personas, {
      coordinator: { who: coordinator, circleId: a.id },
      payer: { who: payer, circleId: a.id },
      viewer: { who: viewer, circleId: a.id },
      'creator (coordinator+payer)': { who: creator, circleId: b.id },
      'stranger family': { who: await signedIn(t.db, { userType: 'family' }), circleId: a.id },
      caregiver: { who: await signedIn(t.db, { userType: 'caregiver' }), circleId: a.id },
      admin: { who: await signedIn(t.db, { userType: 'admin' }), circleId: a.id },
      anonymous: { circleId: a.id },
    });
  });

  /** A viewer added straight to the circle: the target of a change. */
  async function spare(circleId: number) {
    const p = await signedIn(t.db, { userType: 'family' });
    await t.db.insert(circleMembers).values({ circleId, userId: p.user.id, roles: [] });
    return p.user.id;
  }
  /** An open invitation of the circle, to someone outside it. */
  async function invitation(circleId: number) {
    const token = newToken();
    const [row] = await t.db
      .insert(circleInvitations)
      .values({
        circleId,
        email: `outsider-${randomBytes(4).toString('hex')}@example.test`,
        role: 'viewer',
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    return { id: row.id, token };
  }
  /** A fresh caregiver's booking for the circle, by its coordinator; `awaiting`: waiting for approval. */
  let day = 3;
  async function circleBooking(circleId: number, opts: { awaiting?: boolean } = {}) {
    const cg = await signedInCaregiver(t.db);
    const res = await request(t.app, 'POST', '/api/bookings', bookerOf.get(circleId), {
      ...panelBody(cg.caregiver.id, daysAhead((day++ % 60) + 2), '9:00 AM', 2),
      circleId,
    });
    if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
    const id = res.json().id as number;
    if (opts.awaiting)
      await t.db
        .update(bookings)
        .set({ status: 'awaiting_approval', approvalState: 'awaiting', approvalReason: 'circle_rule' })
        .where(eq(bookings.id, id));
    return id;
  }
  const status = async (p: Persona, method: Parameters<typeof request>[1], url: string, body?: unknown) =>
    (await request(t.app, method, url, p.who, body)).statusCode;
  const selfId = (p: Persona) => p.who?.user.id ?? 1;

  const routes: Route[] = [
    {
      name: 'POST /api/circles',
      call: (p) => status(p, 'POST', '/api/circles', circleBody()),
      expect: allowed(201, { coordinator: 201, payer: 201, viewer: 201, 'stranger family': 201 }),
    },
    {
      name: 'GET /api/circles',
      call: (p) => status(p, 'GET', '/api/circles'),
      expect: allowed(200, { coordinator: 200, payer: 200, viewer: 200, 'stranger family': 200 }),
    },
    {
      name: 'GET /api/circles/:id',
      call: (p) => status(p, 'GET', `/api/circles/${p.circleId}`),
      expect: allowed(200, { coordinator: 200, payer: 200, viewer: 200 }),
    },
    {
      name: 'POST /api/circles/:id/invitations',
      call: (p) =>
        status(p, 'POST', `/api/circles/${p.circleId}/invitations`, {
          email: `new-${randomBytes(4).toString('hex')}@example.test`,
          role: 'viewer',
        }),
      expect: allowed(201, { coordinator: 201 }),
    },
    {
      name: 'GET /api/circles/:id/invitations',
      call: (p) => status(p, 'GET', `/api/circles/${p.circleId}/invitations`),
      expect: allowed(200, { coordinator: 200 }),
    },
    {
      name: 'DELETE /api/circles/:id/invitations/:invitationId',
      call: async (p) =>
        status(p, 'DELETE', `/api/circles/${p.circleId}/invitations/${(await invitation(p.circleId)).id}`),
      expect: allowed(204, { coordinator: 204 }),
    },
    {
      name: 'GET /api/invitations/:token (sent to someone else)',
      call: async (p) => status(p, 'GET', `/api/invitations/${(await invitation(p.circleId)).token}`),
      expect: allowed(403, { 'stranger family': 403 }),
    },
    {
      name: 'POST /api/invitations/:token/accept (sent to someone else)',
      call: async (p) => status(p, 'POST', `/api/invitations/${(await invitation(p.circleId)).token}/accept`),
      expect: allowed(403, { 'stranger family': 403 }),
    },
    {
      name: 'PATCH /api/circles/:id/members/:userId (roles of another)',
      call: async (p) =>
        // Roles stay none: the circle's last coordinator and payer are still the only ones when they leave.
        status(p, 'PATCH', `/api/circles/${p.circleId}/members/${await spare(p.circleId)}`, { roles: [] }),
      expect: allowed(200, { coordinator: 200 }),
    },
    {
      name: 'PATCH /api/circles/:id/members/:me (own cap)',
      call: (p) =>
        status(p, 'PATCH', `/api/circles/${p.circleId}/members/${selfId(p)}`, { monthlyCapJmd: 10_000_000 }),
      expect: allowed(200, { payer: 200 }),
    },
    {
      name: 'DELETE /api/circles/:id/members/:userId (remove another)',
      call: async (p) => status(p, 'DELETE', `/api/circles/${p.circleId}/members/${await spare(p.circleId)}`),
      expect: allowed(204, { coordinator: 204 }),
    },
    // Through the bookings and payments routes: the same policy decides for a circle's bookings.
    {
      name: 'POST /api/bookings (circleId)',
      call: async (p) =>
        status(p, 'POST', '/api/bookings', {
          ...panelBody((await signedInCaregiver(t.db)).caregiver.id, daysAhead(4), '10:00 AM', 2),
          circleId: p.circleId,
        }),
      expect: allowed(201, { coordinator: 201 }),
    },
    {
      name: 'GET /api/bookings/:id (a circle booking)',
      call: async (p) => status(p, 'GET', `/api/bookings/${await circleBooking(p.circleId)}`),
      expect: allowed(200, { coordinator: 200, payer: 200, viewer: 200, caregiver: 404, admin: 200 }),
    },
    {
      name: 'POST /api/bookings/:id/approve',
      call: async (p) =>
        status(p, 'POST', `/api/bookings/${await circleBooking(p.circleId, { awaiting: true })}/approve`),
      // Circle B's creator booked it: nobody approves their own request (ADR 0039).
      expect: allowed(403, { payer: 200 }),
    },
    {
      name: 'POST /api/bookings/:id/decline-approval',
      call: async (p) =>
        status(
          p,
          'POST',
          `/api/bookings/${await circleBooking(p.circleId, { awaiting: true })}/decline-approval`,
        ),
      expect: allowed(403, { payer: 200 }),
    },
    {
      name: 'POST /api/payments (a circle booking)',
      call: async (p) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/payments',
            headers: { ...(p.who?.headers ?? {}), 'idempotency-key': randomBytes(8).toString('hex') },
            payload: {
              bookingId: await circleBooking(p.circleId),
              method: 'card',
              paymentToken: await sandboxToken(t.app),
            },
          })
        ).statusCode,
      expect: allowed(201, { payer: 201 }),
    },
    {
      name: 'POST /api/bookings/:id/cancel (a circle booking)',
      call: async (p) => status(p, 'POST', `/api/bookings/${await circleBooking(p.circleId)}/cancel`, {}),
      expect: allowed(200, { coordinator: 200, caregiver: 404 }),
    },
    {
      // Last: the viewer's leaving succeeds; the others are the circle's last coordinator or payer.
      name: 'DELETE /api/circles/:id/members/:me (leave)',
      call: (p) => status(p, 'DELETE', `/api/circles/${p.circleId}/members/${selfId(p)}`),
      expect: allowed(409, { coordinator: 409, payer: 409, viewer: 204 }),
    },
  ];

  it('answers every persona on every route with the expected status', async () => {
    const got: Record<string, Record<string, number>> = {};
    const want: Record<string, Record<string, number>> = {};
    for (const route of routes) {
      got[route.name] = {};
      want[route.name] = route.expect;
      for (const name of Object.keys(route.expect) as PersonaName[]) {
        got[route.name][name] = await route.call(personas[name]);
      }
    }
    expect(got).toEqual(want);
  }, 120_000); // 8 personas × 19 routes, each a request: slow on a loaded 2-core machine
});
