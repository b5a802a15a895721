import { eq } from 'drizzle-orm';
import type { EmailKind, EmailPreferences } from '../../../shared/contracts/messages';
import type { Tx } from '../../db/client';
import { emailPreferences } from '../../db/schema';

export type { EmailKind };

const ALL_ON: EmailPreferences = { messages: true, bookings: true, reviews: true, support: true };

/** The user's e-mail preferences (every kind on until they turn one off). */
export async function getEmailPreferences(tx: Tx, userId: number): Promise<EmailPreferences> {
  const [row] = await tx.select().from(emailPreferences).where(eq(emailPreferences.userId, userId));
  if (!row) return { ...ALL_ON };
  return { messages: row.messages, bookings: row.bookings, reviews: row.reviews, support: row.support };
}

export async function setEmailPreferences(tx: Tx, userId: number, prefs: EmailPreferences): Promise<void> {
  await tx
    .insert(emailPreferences)
    .values({ userId, ...prefs, updatedAt: new Date() })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { ...prefs, updatedAt: new Date() } });
}

/**
 * Whether `userId` wants e-mail of this kind. Every feature asks before sending a non-essential e-mail
 * (security mail such as password resets is always sent):
 *   if (await wantsEmail(tx, userId, 'bookings')) await app.mailer.send(...)
 */
export async function wantsEmail(tx: Tx, userId: number, kind: EmailKind): Promise<boolean> {
  return (await getEmailPreferences(tx, userId))[kind];
}
