/**
 * `npm run admin:create -- --email a@b.jm --password '…' [--first-name Ann --last-name Admin]`
 * Admin is never chosen at signup: this is the only way (besides the demo data) to make one.
 * An existing account with that email is promoted to admin and given the new password.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { EmailField, NewPasswordField } from '../../shared/contracts/auth';
import { databaseOptionsFromEnv, openDatabase } from '../db/client';
import { users } from '../db/schema';
import { loadEnv } from '../env';
import { createPasswordHasher, isCommonPassword, userRepo } from '../features/auth';
import { processIo, reportFailure, runIfMain } from './main-module';

const Args = z.object({
  email: EmailField,
  password: NewPasswordField.refine((p) => !isCommonPassword(p), 'This password is too common'),
  firstName: z.string().trim().min(1).max(50).default('YaadCare'),
  lastName: z.string().trim().min(1).max(50).default('Admin'),
});

async function main(): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
    }));
  } catch (err) {
    console.error(
      `${(err as Error).message}\nUsage: npm run admin:create -- --email EMAIL --password PASSWORD`,
    );
    return 2;
  }
  const parsed = Args.safeParse({
    email: values.email,
    password: values.password,
    firstName: values['first-name'],
    lastName: values['last-name'],
  });
  if (!parsed.success) {
    for (const i of parsed.error.issues) console.error(`--${String(i.path[0] ?? '')}: ${i.message}`);
    console.error('Usage: npm run admin:create -- --email EMAIL --password PASSWORD');
    return 2;
  }
  const args = parsed.data;
  let env: ReturnType<typeof loadEnv>;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    env = loadEnv();
    database = await openDatabase(databaseOptionsFromEnv(env, 'admin:create'));
  } catch (err) {
    return reportFailure(err, processIo, 'admin:create cannot start');
  }
  try {
    const passwordHash = await createPasswordHasher({ concurrency: env.hashConcurrency }).hash(args.password);
    const existing = await userRepo.findByEmail(database.db, args.email);
    if (existing) {
      await database.db
        .update(users)
        .set({ userType: 'admin', password: passwordHash, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      console.log(`Promoted ${args.email} (user ${existing.id}) to admin and set the new password.`);
    } else {
      const user = await userRepo.insert(database.db, {
        email: args.email,
        password: passwordHash,
        firstName: args.firstName,
        lastName: args.lastName,
        userType: 'admin',
      });
      console.log(`Created admin ${args.email} (user ${user.id}).`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

runIfMain(import.meta.url, main);
