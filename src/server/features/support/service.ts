import type { z } from 'zod';
import {
  type CreateSupportTicketRequest,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_REPLY_TIME,
  type SupportTicket,
  type SupportTicketStatus,
  ticketReference,
} from '../../../shared/contracts/support';
import type { FeatureGate } from '../../../shared/plan-features';
import { PRIORITY_REPLY_HOURS, replyDeadline, SUPPORT_HOURS_TEXT } from '../../../shared/support-hours';
import type { Mailer } from '../../adapters/mailer';
import { inAppNotices } from '../../core/in-app-notices';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { supportRepo, type TicketRow } from './repo';

export const TICKET_CREATED_MESSAGE =
  'Thank you. Your message has reached our support team; we have e-mailed you a copy with your reference number.';

export function toTicket(row: TicketRow): SupportTicket {
  return {
    id: row.id,
    reference: ticketReference(row.id),
    userId: row.userId,
    name: row.name,
    email: row.email,
    category: row.category,
    subject: row.subject,
    message: row.message,
    status: row.status,
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    priority: row.priority,
    replyBy: replyDeadline(row.createdAt, row.priority).toISOString(),
  };
}

/** What the acknowledgement promises: a priority reply within hours, or one working day. */
function replyPromise(priority: boolean): string {
  return priority
    ? `Your plan includes priority support: a member of our team will reply to this address within ${PRIORITY_REPLY_HOURS} business hours (${SUPPORT_HOURS_TEXT}).`
    : `A member of our team will reply to this address, usually ${SUPPORT_REPLY_TIME} (${SUPPORT_HOURS_TEXT}).`;
}

type Input = z.output<typeof CreateSupportTicketRequest>;

export function createSupportService(deps: {
  db: Db;
  mailer: Mailer;
  supportEmail: string;
  publicUrl: string;
  log?: { error: (obj: object, msg: string) => void };
  /** Whether the sender's plan includes priority support (issue 21). */
  gate: FeatureGate;
}) {
  const { db, mailer, supportEmail, publicUrl, gate } = deps;

  /** Mail is sent after the ticket is stored: a mail server that fails must not lose the ticket. */
  async function sendSafely(mail: Parameters<Mailer['send']>[0]) {
    try {
      await mailer.send(mail);
    } catch (err) {
      deps.log?.error({ err, to: mail.to, subject: mail.subject }, 'support mail not sent');
    }
  }

  return {
    /**
     * Stores a ticket from the support form. A signed-in sender's ticket carries their account and their
     * account's e-mail (what a body says is ignored: nobody files tickets in someone else's name).
     */
    async create(user: SessionUser | null, input: Input) {
      const email = user ? user.email : input.email;
      const priority = user ? await gate.allows(String(user.id), 'priority_support') : false;
      const row = await db.transaction(async (tx) => {
        const ticket = await supportRepo.insert(tx, {
          userId: user?.id ?? null,
          name: input.name,
          email,
          category: input.category,
          subject: input.subject,
          message: input.message,
          priority,
        });
        await inAppNotices.addForAdmins(tx, {
          kind: 'support_ticket',
          title: `New ${priority ? 'priority ' : ''}support message ${ticketReference(ticket.id)}`,
          body: `${ticket.name}: ${ticket.subject}`,
          link: '/admin',
        });
        return ticket;
      });
      const ref = ticketReference(row.id);
      const topic = SUPPORT_CATEGORY_LABELS[row.category];
      await sendSafely({
        to: row.email,
        subject: `We received your message (${ref})`,
        text:
          `Hi ${row.name},\n\nThank you for contacting YaadCare support. Your reference is ${ref}.\n` +
          `${replyPromise(row.priority)}\n\n` +
          `Topic: ${topic}\nSubject: ${row.subject}\n\n${row.message}\n\n— The YaadCare support team`,
      });
      await sendSafely({
        to: supportEmail,
        subject: `${row.priority ? '[Priority] ' : ''}[${ref}] ${row.subject}`,
        text:
          `New support message ${ref} (${topic}).\n\nFrom: ${row.name} <${row.email}>` +
          `${row.userId ? ` (user #${row.userId})` : ' (visitor)'}\n\n${row.message}\n\n` +
          `Answer it in the admin area: ${publicUrl}/admin`,
      });
      return { id: row.id, reference: ref, status: row.status, message: TICKET_CREATED_MESSAGE };
    },

    async listMine(user: SessionUser) {
      const { rows, total } = await supportRepo.list(db, { userId: user.id, limit: 50, offset: 0 });
      return { items: rows.map(toTicket), total };
    },

    async list(f: { status: SupportTicketStatus | 'all'; limit: number; offset: number }) {
      const { rows, total } = await supportRepo.list(db, {
        status: f.status === 'all' ? undefined : f.status,
        limit: f.limit,
        offset: f.offset,
        priorityFirst: true,
      });
      return { items: rows.map(toTicket), total };
    },

    /** An admin's answer: stored, e-mailed to the sender, and shown in-app when the sender has an account. */
    async answer(admin: Pick<SessionUser, 'id' | 'firstName'>, id: number, answer: string, close = false) {
      const now = new Date();
      const row = await db.transaction(async (tx) => {
        const ticket = await supportRepo.findForUpdate(tx, id);
        if (!ticket) throw notFound('No such support ticket.');
        if (ticket.status === 'closed') throw conflict('This ticket is closed. It cannot be answered.');
        const updated = await supportRepo.update(tx, id, {
          answer,
          answeredBy: admin.id,
          answeredAt: now,
          status: close ? 'closed' : 'answered',
          closedAt: close ? now : null,
        });
        if (updated.userId) {
          await inAppNotices.add(tx, {
            userId: updated.userId,
            kind: 'support_answer',
            title: `Support answered ${ticketReference(id)}`,
            body: updated.subject,
            link: '/support',
          });
        }
        return updated;
      });
      const ref = ticketReference(row.id);
      await sendSafely({
        to: row.email,
        subject: `Re: ${row.subject} (${ref})`,
        text:
          `Hi ${row.name},\n\n${answer}\n\n` +
          `— ${admin.firstName}, YaadCare support\n\n` +
          `Your message (${ref}):\n${row.message.replace(/^/gm, '> ')}\n\n` +
          `Need more help? Write to ${supportEmail} quoting ${ref}, or visit ${publicUrl}/support.`,
      });
      return toTicket(row);
    },

    async close(id: number) {
      const row = await db.transaction(async (tx) => {
        const ticket = await supportRepo.findForUpdate(tx, id);
        if (!ticket) throw notFound('No such support ticket.');
        if (ticket.status === 'closed') throw conflict('This ticket is already closed.');
        return supportRepo.update(tx, id, { status: 'closed', closedAt: new Date() });
      });
      return toTicket(row);
    },
  };
}
