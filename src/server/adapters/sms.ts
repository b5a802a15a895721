import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { smsOutbox } from '../db/schema';

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

/** Without a provider, SMS are kept in the database (demo mode shows the code in the answer). */
export function createOutboxSms(db: Db): SmsSender {
  return {
    kind: 'outbox',
    async send(sms) {
      await db.insert(smsOutbox).values(sms);
    },
  };
}

export function listSmsOutbox(db: Db, limit = 100) {
  return db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit);
}
