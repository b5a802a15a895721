import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../features/auth/passwords';

export const DEFAULT_PASSWORD = 'Blue-Mountain-Coffee-42';
let defaultHash: Promise<string> | undefined;
let seq = 0;

export interface UserOverrides {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  userType?: 'family' | 'caregiver' | 'admin';
  location?: string;
  parish?: string;
  phone?: string | null;
  suspendedAt?: Date | null;
}

/** Inserts a user straight into the database (fast: the default password is hashed once per file). */
export async function createUser(db: Tx, overrides: UserOverrides = {}) {
  seq += 1;
  if (!overrides.password) defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const password = overrides.password ? await hashPassword(overrides.password) : await defaultHash!;
  const [row] = await db
    .insert(users)
    .values({
      email: overrides.email ?? `user${seq}-${Date.now()}@example.test`,
      password,
      firstName: overrides.firstName ?? 'Test',
      lastName: overrides.lastName ?? `User${seq}`,
      userType: overrides.userType ?? 'family',
      location: overrides.location ?? 'Kingston',
      parish: overrides.parish ?? 'Kingston',
      phone: overrides.phone ?? null,
      suspendedAt: overrides.suspendedAt ?? null,
    })
    .returning();
  return { ...row, plainPassword: overrides.password ?? DEFAULT_PASSWORD };
}

export function signupPayload(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    userType: 'family',
    firstName: 'Keisha',
    lastName: 'Campbell',
    email: `keisha${seq}-${Date.now()}@example.test`,
    location: 'Montego Bay',
    phone: '876-555-0142',
    password: DEFAULT_PASSWORD,
    ...overrides,
  };
}

/** Logs in through the API and returns the bearer token. */
export async function loginToken(app: FastifyInstance, email: string, password = DEFAULT_PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
