import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Tx } from '../../db/client';
import type { UserOverrides } from '../../test/factories';
import { signedIn } from '../../test/sign-in';
import { newestMailTo } from '../../test/verification';

/** Test helpers for care circles (not used by the app). */

export type Person = Awaited<ReturnType<typeof signedIn>>;

export const circleBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Mummy in Mandeville',
  recipient: {
    firstName: 'Hyacinth',
    lastName: 'Brown',
    parish: 'Manchester',
    town: 'Mandeville',
    address: '12 Caledonia Road',
    needs: 'Help with meals and medication',
    notes: 'Likes the radio on',
    emergencyContact: { name: 'Marcia Brown', phone: '876-555-0199' },
  },
  approvalRequired: false,
  ...overrides,
});

export function request(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who?: { headers: Record<string, string> },
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

export async function createCircle(
  app: FastifyInstance,
  who: Person,
  overrides: Record<string, unknown> = {},
) {
  const res = await request(app, 'POST', '/api/circles', who, circleBody(overrides));
  if (res.statusCode !== 201) throw new Error(`circle not created: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; [k: string]: unknown };
}

/** The token of the newest invitation mailed to `email` (from the outbox mailer). */
export async function mailedToken(db: Tx, email: string) {
  const mail = await newestMailTo(db, email);
  const match = mail?.text.match(/\/circles\/invitations\/([\w-]+)/);
  if (!match) throw new Error(`no invitation mailed to ${email}`);
  return match[1];
}

/** Invites a new family account with `role` and has it accept; returns the person. */
export async function join(
  app: FastifyInstance,
  db: Tx,
  circleId: number,
  coordinator: Person,
  role: 'coordinator' | 'payer' | 'viewer',
  overrides: UserOverrides = {},
) {
  const person = await signedIn(db, { userType: 'family', ...overrides });
  const inv = await request(app, 'POST', `/api/circles/${circleId}/invitations`, coordinator, {
    email: person.user.email,
    role,
  });
  if (inv.statusCode !== 201) throw new Error(`invite failed: ${inv.statusCode} ${inv.body}`);
  const token = new URL(inv.json().inviteUrl).pathname.split('/').pop() as string;
  const res = await request(app, 'POST', `/api/invitations/${token}/accept`, person);
  if (res.statusCode !== 200) throw new Error(`accept failed: ${res.statusCode} ${res.body}`);
  return person;
}
