import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { sessions } from '../../src/server/features/auth';

/**
 * `count` users for the message benchmarks, each with a session: the first half families, the second half
 * caregivers, family i talking to caregiver i (`ids[i]` and `ids[i + count / 2]`). `label` names the
 * benchmark in their e-mails and session user agents.
 */
export async function createChatUsers(
  db: Database['db'],
  count: number,
  passwordHash: string,
  label: string,
): Promise<{ ids: number[]; tokens: string[] }> {
  const half = count / 2;
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${label}-${i}-${randomBytes(3).toString('hex')}@example.test`,
        password: passwordHash,
        firstName: i < half ? 'Family' : 'Caregiver',
        lastName: `No${i}`,
        userType: i < half ? ('family' as const) : ('caregiver' as const),
        location: 'Kingston',
        parish: 'Kingston',
      })),
    )
    .returning({ id: users.id });
  const ids = rows.map((r) => r.id);
  const tokens = await Promise.all(ids.map((id) => sessions.create(db, id, { userAgent: label })));
  return { ids, tokens };
}
