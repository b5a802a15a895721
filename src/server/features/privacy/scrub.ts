import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { DEFAULT_CURRENCY } from '../../../shared/fx';
import { DEFAULT_TIME_ZONE } from '../../../shared/member-time';
import type { Tx } from '../../db/client';
import {
  accountDeletions,
  bookings,
  caregivers,
  deliveries,
  favourites,
  mailOutbox,
  messageEmailNotices,
  messages,
  notifications,
  payoutAccounts,
  profileViews,
  reviews,
  sessions,
  smsOutbox,
  supportTickets,
  userBlocks,
  users,
  verificationDecisions,
  verificationDocuments,
  verifications,
} from '../../db/schema';
import type { Scrubber } from './ports';

/** What a deleted account's e-mail becomes: unique per user, and a domain that can never receive mail. */
export const deletedEmail = (userId: number) => `deleted-user-${userId}@deleted.invalid`;
export const DELETED_TEXT = '[deleted]';
/** Not an argon2 hash: no password ever verifies against it. */
export const NO_PASSWORD = '!account-deleted';

export type { Scrubber };

/** Deletions whose grace period ended by `now` and that are not scrubbed yet, oldest first. */
export async function dueDeletions(tx: Tx, now: Date, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(and(isNull(accountDeletions.scrubbedAt), lte(accountDeletions.scrubAfter, now)))
    .orderBy(asc(accountDeletions.scrubAfter))
    .limit(limit);
  return rows.map((r) => r.userId);
}

/**
 * Removes or anonymises one deleted account's personal data. The users, caregivers, bookings and reviews
 * rows stay (other people's bookings and the money records refer to them) with every personal field
 * blanked. Returns the private file keys to delete once the transaction has committed.
 */
export async function scrubAccount(
  tx: Tx,
  userId: number,
  now: Date,
  erasers: Scrubber[],
): Promise<string[]> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
  const [deletion] = await tx
    .select()
    .from(accountDeletions)
    .where(eq(accountDeletions.userId, userId))
    .limit(1)
    .for('update');
  if (!user || !deletion || deletion.scrubbedAt) return [];

  const files = await tx
    .select({ key: verificationDocuments.storageKey })
    .from(verificationDocuments)
    .where(eq(verificationDocuments.userId, userId));

  const [verification] = await tx
    .select({ phone: verifications.phone })
    .from(verifications)
    .where(eq(verifications.userId, userId))
    .limit(1);

  /** Private files the scrubbers removed the records of (deleted once the transaction has committed). */
  const scrubbedFiles: string[] = [];
  for (const scrub of erasers) {
    const keys = await scrub(tx, { id: userId, email: user.email, phone: user.phone });
    if (keys) scrubbedFiles.push(...keys);
  }

  await tx
    .update(users)
    .set({
      email: deletedEmail(userId),
      password: NO_PASSWORD,
      resetToken: null,
      resetTokenExpiry: null,
      firstName: 'Deleted',
      lastName: 'user',
      phone: null,
      location: null,
      parish: null,
      profileImageUrl: null,
      // Where someone lives abroad is personal too.
      timeZone: DEFAULT_TIME_ZONE,
      currency: DEFAULT_CURRENCY,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await tx
    .update(caregivers)
    .set({
      bio: null,
      skills: [],
      certifications: [],
      availability: [],
      isActive: false,
      isAvailable: false,
      updatedAt: now,
    })
    .where(eq(caregivers.userId, userId));
  await tx.update(messages).set({ content: DELETED_TEXT }).where(eq(messages.senderId, userId));
  // A care circle's bookings keep their notes: they are the circle's record, which stays for the other members.
  await tx
    .update(bookings)
    .set({ notes: null })
    .where(and(eq(bookings.familyId, userId), isNull(bookings.circleId)));
  await tx.update(reviews).set({ comment: null }).where(eq(reviews.familyId, userId));
  await tx
    .update(supportTickets)
    .set({
      name: 'Deleted user',
      email: deletedEmail(userId),
      subject: DELETED_TEXT,
      message: DELETED_TEXT,
      answer: null,
      updatedAt: now,
    })
    .where(
      or(
        eq(supportTickets.userId, userId),
        sql`lower(${supportTickets.email}) = ${user.email.toLowerCase()}`,
      ),
    );
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  // The delivery outbox keeps addresses, numbers and texts: they go with the notices (ADR 0033).
  await tx.delete(deliveries).where(eq(deliveries.userId, userId));
  // Bank details for payouts go; the payouts themselves (money records) stay, with the last 4 digits only.
  const [caregiver] = await tx
    .select({ id: caregivers.id })
    .from(caregivers)
    .where(eq(caregivers.userId, userId))
    .limit(1);
  if (caregiver) await tx.delete(payoutAccounts).where(eq(payoutAccounts.caregiverId, caregiver.id));
  await tx.delete(favourites).where(eq(favourites.familyId, userId));
  await tx.delete(profileViews).where(eq(profileViews.visitor, `u:${userId}`));
  await tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
  await tx
    .delete(messageEmailNotices)
    .where(or(eq(messageEmailNotices.recipientId, userId), eq(messageEmailNotices.otherId, userId)));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(verificationDocuments).where(eq(verificationDocuments.userId, userId));
  await tx.delete(verificationDecisions).where(eq(verificationDecisions.userId, userId));
  await tx.delete(verifications).where(eq(verifications.userId, userId));
  await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${user.email.toLowerCase()}`);
  const phones = [user.phone, verification?.phone].filter((p): p is string => Boolean(p));
  if (phones.length) await tx.delete(smsOutbox).where(inArray(smsOutbox.to, phones));
  await tx.update(accountDeletions).set({ scrubbedAt: now }).where(eq(accountDeletions.userId, userId));
  return [...files.map((f) => f.key), ...scrubbedFiles];
}
