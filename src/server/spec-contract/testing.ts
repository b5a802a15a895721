/**
 * The spec's client contract (docs/product.md#the-api-contract, "The calls it makes"): every call in the table, sent
 * exactly as the spec's web client sends it — the same paths, the same payload fields and no others, a
 * Bearer auth_token from login/signup and a JSON content type — and each answered with success and the
 * shape that client reads. A stricter schema that would break the spec's clients fails here first.
 *
 * Secrets arrive the way a real user gets them: reset and e-mail verification links from the mail outbox,
 * the phone code from the SMS outbox; never from an HTTP answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, expect } from 'vitest';
import { type DbKind, useTestApp } from '../test/harness';

/** The payload fields of each call with a body, as docs/product.md#records, #the-api-contract list them (`?` marks an optional one). */
const SPEC_FIELDS = {
  'POST /api/auth/login': ['email', 'password'],
  'POST /api/auth/signup': ['userType', 'firstName', 'lastName', 'email', 'location', 'password', 'phone?'],
  'POST /api/auth/forgot-password': ['email'],
  'POST /api/auth/reset-password': ['token', 'newPassword', 'confirmPassword'],
  'POST /api/caregivers': ['bio', 'experience', 'hourlyRate', 'skills', 'certifications', 'availability'],
  'POST /api/bookings (profile panel)': [
    'familyId',
    'caregiverId',
    'date',
    'startTime',
    'endTime',
    'duration',
    'totalCost',
    'notes?',
  ],
  'POST /api/bookings (confirmation screen)': [
    'familyId',
    'caregiverId',
    'date',
    'startTime',
    'endTime',
    'totalHours',
    'hourlyRate',
    'totalAmount',
    'notes',
    'status',
  ],
  'POST /api/messages': ['senderId', 'receiverId', 'content'],
  'POST /api/verification': ['userId'],
  'POST /api/verification/email/send': ['userId'],
  'POST /api/verification/email/verify': ['token'],
  'POST /api/verification/phone/send': ['userId'],
  'POST /api/verification/phone/verify': ['userId', 'otp'],
} as const;
type SpecCall = keyof typeof SPEC_FIELDS;

/** The payload has every required field of the spec's shape and nothing the spec does not list. */
function specPayload(call: SpecCall, payload: Record<string, unknown>) {
  const fields = SPEC_FIELDS[call] as readonly string[];
  const allowed = fields.map((f) => f.replace(/\?$/, ''));
  const required = fields.filter((f) => !f.endsWith('?'));
  expect(
    Object.keys(payload).filter((k) => !allowed.includes(k)),
    `${call}: fields beyond the spec`,
  ).toEqual([]);
  expect(
    required.filter((k) => !(k in payload)),
    `${call}: spec fields missing`,
  ).toEqual([]);
  return payload;
}

export const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(300);
  return res;
};

export const PASSWORD = 'Blue-Mountain-Coffee-42';

/**
 * The app on a fresh database of `kind` (hooks registered in the calling describe), the spec's request
 * helpers, and the two accounts of the contract: a caregiver and a family, signed up by `signUp`.
 */
export function useSpecClient(kind: DbKind) {
  const dataDir = mkdtempSync(join(tmpdir(), 'yc-spec-'));
  const t = useTestApp(kind, { dataDir });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** The spec's request helper: Bearer auth_token when there is one, a JSON content type with a body. */
  function call(method: 'GET' | 'POST', url: string, token?: string, body?: Record<string, unknown>) {
    return t.app.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  }

  /** A call of SPEC_FIELDS with a payload that has exactly the spec's fields. */
  function send(spec: SpecCall, token: string | undefined, payload: Record<string, unknown>) {
    const [method, url] = spec.split(' ') as ['POST', string];
    return call(method, url, token, specPayload(spec, payload));
  }

  const stamp = `${kind}-${Date.now()}`;
  const carer = { email: `odessa-${stamp}@example.test`, token: '', userId: 0, caregiverId: 0 };
  const family = { email: `marcia-${stamp}@example.test`, token: '', userId: 0 };

  /** POST /api/auth/signup as the spec's sign-up form sends it; keeps the new account's token and id. */
  async function signUp(
    who: { email: string; token: string; userId: number },
    userType: 'caregiver' | 'family',
    phone: string | undefined,
  ) {
    const res = ok(
      await send('POST /api/auth/signup', undefined, {
        userType,
        firstName: userType === 'caregiver' ? 'Odessa' : 'Marcia',
        lastName: 'Campbell',
        email: who.email,
        location: 'Montego Bay',
        password: PASSWORD,
        ...(phone ? { phone } : {}),
      }),
    );
    who.token = res.json().token;
    who.userId = res.json().user.id;
    return res;
  }

  /** The caregiver signs up with a phone (the SMS code goes there), the family without. */
  const signups = [
    [carer, 'caregiver', '876-555-0142'],
    [family, 'family', undefined],
  ] as const;

  return { t, call, send, carer, family, signUp, signups };
}
