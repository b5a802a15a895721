import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EmailKind, EmailPreferences } from '../../../shared/contracts/messages';
import {
  DEFAULT_QUIET_HOURS,
  defaultSwitches,
  NOTICE_GROUPS,
  type NoticeGroup,
  type PreferenceMatrix,
  type QuietHours,
} from '../../../shared/contracts/notification-preferences';
import type { Tx } from '../../db/client';
import { notificationPreferences, quietHours } from '../../db/schema';

export type { EmailKind };

const EMAIL_KINDS: EmailKind[] = ['messages', 'bookings', 'reviews', 'support'];

/**
 * The user's channel switches per group (ADR 0036): a group without a row has its defaults (e-mail on
 * except marketing; SMS and WhatsApp off).
 */
export async function getPreferenceMatrix(tx: Tx, userId: number): Promise<PreferenceMatrix> {
  const rows = await tx
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const matrix = Object.fromEntries(NOTICE_GROUPS.map((g) => [g, defaultSwitches(g)])) as PreferenceMatrix;
  for (const r of rows) matrix[r.group] = { email: r.email, sms: r.sms, whatsapp: r.whatsapp };
  return matrix;
}

/** Writes every group's switches (a row per group, so later default changes do not flip a choice). */
export async function setPreferenceMatrix(tx: Tx, userId: number, matrix: PreferenceMatrix): Promise<void> {
  const now = new Date();
  await tx
    .insert(notificationPreferences)
    .values(NOTICE_GROUPS.map((group) => ({ userId, group, ...matrix[group], updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.group],
      set: {
        email: sql`excluded.email`,
        sms: sql`excluded.sms`,
        whatsapp: sql`excluded.whatsapp`,
        updatedAt: now,
      },
    });
}

/** One group's switches. */
export async function getGroupSwitches(tx: Tx, userId: number, group: NoticeGroup) {
  const [row] = await tx
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.group, group)));
  return row ? { email: row.email, sms: row.sms, whatsapp: row.whatsapp } : defaultSwitches(group);
}

/** The spec's e-mail preferences: the e-mail column of the four groups it knows. */
export async function getEmailPreferences(tx: Tx, userId: number): Promise<EmailPreferences> {
  const matrix = await getPreferenceMatrix(tx, userId);
  return {
    messages: matrix.messages.email,
    bookings: matrix.bookings.email,
    reviews: matrix.reviews.email,
    support: matrix.support.email,
  };
}

/** Sets only the e-mail column of those four groups; SMS and WhatsApp switches are left as they are. */
export async function setEmailPreferences(tx: Tx, userId: number, prefs: EmailPreferences): Promise<void> {
  const now = new Date();
  await tx
    .insert(notificationPreferences)
    .values(EMAIL_KINDS.map((group) => ({ userId, group, email: prefs[group], updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.group],
      set: { email: sql`excluded.email`, updatedAt: now },
    });
}

/**
 * Whether `userId` wants e-mail of this kind. Every feature asks before sending a non-essential e-mail
 * (security mail such as password resets is always sent):
 *   if (await wantsEmail(tx, userId, 'bookings')) await app.mailer.send(...)
 */
export async function wantsEmail(tx: Tx, userId: number, kind: EmailKind): Promise<boolean> {
  return (await getGroupSwitches(tx, userId, kind)).email;
}

/** The user's quiet hours (off, 22:00–07:00, until they set them). */
export async function getQuietHours(tx: Tx, userId: number): Promise<QuietHours> {
  const [row] = await tx.select().from(quietHours).where(eq(quietHours.userId, userId));
  return row ? { enabled: row.enabled, start: row.start, end: row.end } : { ...DEFAULT_QUIET_HOURS };
}

export async function setQuietHours(tx: Tx, userId: number, q: QuietHours): Promise<void> {
  const now = new Date();
  await tx
    .insert(quietHours)
    .values({ userId, ...q, updatedAt: now })
    .onConflictDoUpdate({ target: quietHours.userId, set: { ...q, updatedAt: now } });
}

/** Privacy: what the user chose, for their data export. */
export async function preferencesExport(tx: Tx, userId: number) {
  return { groups: await getPreferenceMatrix(tx, userId), quietHours: await getQuietHours(tx, userId) };
}

/** Privacy: forgets the user's choices (their account is being scrubbed). */
export async function deletePreferences(tx: Tx, userIds: number[]): Promise<void> {
  await tx.delete(notificationPreferences).where(inArray(notificationPreferences.userId, userIds));
  await tx.delete(quietHours).where(inArray(quietHours.userId, userIds));
}
