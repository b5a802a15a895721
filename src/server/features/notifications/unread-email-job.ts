import { sql } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mailer';
import type { Db } from '../../db/client';
import { messageEmailNotices } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import type { MessagingService } from '../messages';
import { queueNotice } from './outbox';

/** A message unread this long gets an e-mail… */
export const UNREAD_EMAIL_AFTER_MS = 15 * 60_000;
/** …and the e-mails of one conversation come at most this often. */
export const UNREAD_EMAIL_EVERY_MS = 60 * 60_000;
/** Messages older than this when first found (a server that was down for days) get no e-mail. */
const LOOKBACK_MS = 24 * 60 * 60_000;

/**
 * Tells each user about conversations with a message left unread for 15 minutes, once per conversation an
 * hour at most, and only about messages newer than the last such notice: an in-app notice and a delivery
 * on each channel they chose for "Unread messages" (e-mail by default; none when all are off). `mailer`
 * is the notice mailer, which dispatches those deliveries. Returns how many notices were written.
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
      const people = await messaging.reachablePeople([c.receiverId, c.senderId]);
      const receiver = people.find((p) => p.id === c.receiverId);
      const sender = people.find((p) => p.id === c.senderId);
      if (!receiver || !sender) continue;
      const from = sender.isSupport
        ? 'YaadCare Support'
        : `${sender.firstName} ${sender.lastName.slice(0, 1)}.`;
      const url = deps.publicUrl;
      const messagesText = c.count === 1 ? 'a message' : `${c.count} messages`;
      // A notice of the outbox (ADR 0033): in-app, and on the channels the receiver chose for unread
      // messages (e-mail by default, SMS or WhatsApp if they turned them on), held in their quiet hours.
      const mails = await db.transaction(async (tx) => {
        const queued = await queueNotice(
          tx,
          {
            userId: receiver.id,
            email: receiver.email,
            kind: 'message.unread',
            title: `${from} sent you ${messagesText}`,
            body: `Read and reply: ${url}/chat/${c.senderId}`,
            link: `/chat/${c.senderId}`,
            mail: {
              subject: `New message from ${from} on YaadCare`,
              text:
                `Hi ${receiver.firstName},\n\n${from} sent you ${messagesText} ` +
                `you haven't read yet.\n\nRead and reply: ${url}/chat/${c.senderId}\n\n` +
                `You can turn these e-mails off in your settings: ${url}/settings\n\n— YaadCare`,
            },
          },
          now,
        );
        await tx
          .insert(messageEmailNotices)
          .values({ recipientId: c.receiverId, otherId: c.senderId, sentAt: now })
          .onConflictDoUpdate({
            target: [messageEmailNotices.recipientId, messageEmailNotices.otherId],
            set: { sentAt: sql`excluded.sent_at` },
          });
        return queued;
      });
      for (const mail of mails) {
        // Dispatched now by the notice mailer; a failure stays queued for the deliveries job to retry.
        await mailer.send(mail).catch(() => undefined);
      }
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
