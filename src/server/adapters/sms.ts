import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { smsOutbox } from '../db/schema';
import type { OutboxEcho } from './mailer';

export interface Sms {
  /** E.164, e.g. +18765551234. */
  to: string;
  body: string;
}

/** Sends text messages. The default keeps them in a table; a provider (Twilio, Digicel…) implements send. */
export interface SmsSender {
  readonly kind: 'outbox' | 'provider';
  send(sms: Sms): Promise<void>;
}

/**
 * Without a provider, SMS are kept in the database (admins read them in the console's Outbox tab). With
 * `echo` (demo mode only), each one is also printed to the server log, code included.
 */
export function createOutboxSms(db: Db, echo?: OutboxEcho): SmsSender {
  return {
    kind: 'outbox',
    async send(sms) {
      await db.insert(smsOutbox).values(sms);
      echo?.(`demo outbox: SMS to ${sms.to}: ${sms.body}`);
    },
  };
}

export function listSmsOutbox(db: Db, limit = 100) {
  return db
    .select({
      id: smsOutbox.id,
      to: smsOutbox.to,
      body: smsOutbox.body,
      channel: smsOutbox.channel,
      createdAt: smsOutbox.createdAt,
    })
    .from(smsOutbox)
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
}
