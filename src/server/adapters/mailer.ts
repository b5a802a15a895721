import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Set when this stands for a row of the delivery outbox (ADR 0033; any channel, SMS and WhatsApp too):
   * the notice mailer given to the services that send notices dispatches that row instead of sending
   * `to`/`subject`/`text` itself, so the row records what happened. A plain Mailer ignores it.
   */
  deliveryId?: number;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/** Real mail over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/** Where demo mode prints what it would have sent (the server log), as mail catchers do. */
export type OutboxEcho = (line: string) => void;

/**
 * Without SMTP, mail is kept in the database (admins read it in the console's Outbox tab). With `echo`
 * (demo mode only), each mail is also printed with its recipient, subject and text: links included, so
 * never pass it outside demo mode.
 */
export function createOutboxMailer(db: Db, echo?: OutboxEcho): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await db.insert(mailOutbox).values(mail);
      echo?.(`demo outbox: mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
  };
}

export function listOutbox(db: Db, limit = 100) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}
