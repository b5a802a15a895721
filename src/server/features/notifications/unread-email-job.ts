import { sql } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mailer';
import type { Db } from '../../db/client';
import { messageEmailNotices } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import type { MessagingService } from '../messages/service';
import { wantsEmail } from './preferences';

/** A message unread this long gets an e-mail… */
export const UNREAD_EMAIL_AFTER_MS = 15 * 60_000;
/** …and the e-mails of one conversation come at most this often. */
export const UNREAD_EMAIL_EVERY_MS = 60 * 60_000;
/** Messages older than this when first found (a server that was down for days) get no e-mail. */
const LOOKBACK_MS = 24 * 60 * 60_000;

/**
 * E-mails each user about conversations with a message left unread for 15 minutes, once per conversation
 * an hour at most, and only about messages newer than the last such e-mail; users who turned "Unread
 * messages" off in /settings get none. Returns how many e-mails were sent.
 */
export function createUnreadEmailService(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  messaging: Pick<MessagingService, 'unreadForEmail' | 'reachablePeople'>;
  /** The YaadCare Support account's id: its messages reach admins in the app, not by e-mail. */
  supportUserId: () => number;
}) {
  const { db, mailer, messaging } = deps;
  return { send: (now: Date, signal?: AbortSignal) => sendUnreadMessageEmails(now, signal) };

  /** Stops between e-mails once `signal` aborts (the server is stopping); the next run sends the rest. */
  async function sendUnreadMessageEmails(now: Date, signal?: AbortSignal): Promise<{ sent: number }> {
    const olderThan = new Date(now.getTime() - UNREAD_EMAIL_AFTER_MS);
    const candidates = await messaging.unreadForEmail(
      olderThan,
      new Date(now.getTime() - LOOKBACK_MS),
      new Date(now.getTime() - UNREAD_EMAIL_EVERY_MS),
    );
    let sent = 0;
    for (const c of candidates) {
      if (signal?.aborted) break;
      // Messages to YaadCare Support reach admins in the app; suspended users get no mail.
      if (c.receiverId === deps.supportUserId()) continue;
      if (!(await wantsEmail(db, c.receiverId, 'messages'))) continue;
      const people = await messaging.reachablePeople([c.receiverId, c.senderId]);
      const receiver = people.find((p) => p.id === c.receiverId);
      const sender = people.find((p) => p.id === c.senderId);
      if (!receiver || !sender) continue;
      const from = sender.isSupport
        ? 'YaadCare Support'
        : `${sender.firstName} ${sender.lastName.slice(0, 1)}.`;
      const url = deps.publicUrl;
      await mailer.send({
        to: receiver.email,
        subject: `New message from ${from} on YaadCare`,
        text:
          `Hi ${receiver.firstName},\n\n${from} sent you ${c.count === 1 ? 'a message' : `${c.count} messages`} ` +
          `you haven't read yet.\n\nRead and reply: ${url}/chat/${c.senderId}\n\n` +
          `You can turn these e-mails off in your settings: ${url}/settings\n\n— YaadCare`,
      });
      await db
        .insert(messageEmailNotices)
        .values({ recipientId: c.receiverId, otherId: c.senderId, sentAt: now })
        .onConflictDoUpdate({
          target: [messageEmailNotices.recipientId, messageEmailNotices.otherId],
          set: { sentAt: sql`excluded.sent_at` },
        });
      sent += 1;
    }
    return { sent };
  }
}

export const unreadMessageEmailJob: Job = {
  name: 'unread-message-emails',
  everyMs: 60_000,
  run: ({ app, now, signal }) => app.services.unreadEmails.send(now, signal),
};
