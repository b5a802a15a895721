import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users } from '../db/schema';

/**
 * The "YaadCare Support" account: an admin-type user nobody can log in as. Its e-mail is not an e-mail
 * address (login, signup and password reset all validate one), and its password is not an argon2 hash.
 */
export const SUPPORT_ACCOUNT_EMAIL = '@yaadcare-support';
export const SUPPORT_ACCOUNT_NAME = { firstName: 'YaadCare', lastName: 'Support' } as const;

/** Creates the support account if it is missing (idempotent, safe with instances starting at once); returns its id. */
export async function ensureSupportAccount(db: Tx): Promise<number> {
  await db
    .insert(users)
    .values({
      email: SUPPORT_ACCOUNT_EMAIL,
      password: '!',
      ...SUPPORT_ACCOUNT_NAME,
      userType: 'admin',
      isVerified: true,
      verificationStatus: 'approved',
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, SUPPORT_ACCOUNT_EMAIL));
  if (!row) throw new Error('The support account could not be created');
  return row.id;
}

/** Every admin who answers as support (admins other than the support account itself). */
export async function supportAgentIds(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.userType} = 'admin' and lower(${users.email}) <> ${SUPPORT_ACCOUNT_EMAIL}`);
  return rows.map((r) => r.id);
}
