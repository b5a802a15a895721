import { MESSAGES_PER_MINUTE } from '../../../shared/contracts/messages';
import type { Tx } from '../../db/client';
import { type AppError, badRequest, forbidden, notFound } from '../../errors';
import { notificationService } from '../notifications/service';
import { counters } from '../rate-limits/service';
import { publish } from '../realtime/publish';
import { messageRepo, type Person, toMessage } from './repo';
import { supportAgentIds } from './support-account';

type Party = Pick<Person, 'userType' | 'isSupport'>;

export const ADMIN_AS_SUPPORT = 'Admins answer as YaadCare Support from the admin page.';

/**
 * Who may write to whom: a family to caregivers and a caregiver to families; anyone to YaadCare Support
 * and support to anyone. Returns the refusal text, or null when allowed.
 */
export function messagingRefusal(sender: Party, receiver: Party): string | null {
  if (sender.isSupport) return null;
  if (sender.userType === 'admin') return ADMIN_AS_SUPPORT;
  if (receiver.isSupport) return null;
  if (receiver.userType === 'admin') return 'You can only message families, caregivers and YaadCare Support.';
  if (sender.userType === receiver.userType) {
    return sender.userType === 'family'
      ? 'Families can message caregivers, not other families.'
      : 'Caregivers can message families, not other caregivers.';
  }
  return null;
}

export interface Sender {
  id: number;
  userType: Person['userType'];
  firstName: string;
  lastName: string;
  /** Set when an admin writes as YaadCare Support: the support account's id. */
  asSupportId?: number;
}

/** Whoever sees messages to and from `ids`: support's messages are for every admin agent. */
async function audience(tx: Tx, ids: number[], supportId: number): Promise<number[]> {
  return ids.includes(supportId) ? [...ids, ...(await supportAgentIds(tx))] : ids;
}

/** Why `sender` may not write to `receiver` now (role rule, suspension, blocks), or null when they may. */
function refusalBetween(
  sender: Party,
  receiver: Person,
  blocks: { blockedByMe: boolean; blockedMe: boolean },
): AppError | null {
  const refusal = messagingRefusal(sender, receiver);
  if (refusal) return forbidden(refusal, 'MESSAGING_NOT_ALLOWED');
  if (receiver.suspendedAt) return forbidden('This user is not available.', 'MESSAGING_NOT_ALLOWED');
  if (sender.isSupport) return null;
  if (blocks.blockedByMe)
    return forbidden('You have blocked this user. Unblock them to send messages.', 'USER_BLOCKED');
  if (blocks.blockedMe) return forbidden("You can't send messages to this user.", 'USER_BLOCKED');
  return null;
}

export const messagingService = {
  /**
   * Sends a message: the sender is the signed-in user (or support, for an admin answering as support).
   * At most MESSAGES_PER_MINUTE per acting user: a shared counter (ADR 0010) counted in this transaction,
   * so parallel sends queue on it and a refused send gives its count back when the transaction rolls back.
   */
  async send(
    tx: Tx,
    supportId: number,
    actor: Sender,
    receiverId: number,
    content: string,
    now = new Date(),
  ) {
    const asSupport = actor.asSupportId !== undefined;
    const senderId = actor.asSupportId ?? actor.id;
    if (receiverId === senderId) throw badRequest("You can't send a message to yourself.");
    const ctx = await messageRepo.sendContext(tx, senderId, receiverId);
    if (!ctx) throw notFound('User not found');
    const { receiver } = ctx;
    const refusal = refusalBetween({ userType: actor.userType, isSupport: asSupport }, receiver, ctx);
    if (refusal) throw refusal;
    await counters.consume(
      tx,
      { key: `messages:${actor.id}`, max: MESSAGES_PER_MINUTE, windowMs: 60_000 },
      now,
      `You can send at most ${MESSAGES_PER_MINUTE} messages a minute. Please wait a moment and try again.`,
    );
    const row = await messageRepo.insert(tx, {
      senderId,
      receiverId,
      content,
      sentByAdminId: asSupport ? actor.id : null,
    });
    const message = toMessage(row);
    await publish(tx, await audience(tx, [senderId, receiverId], supportId), {
      type: 'message',
      message,
      messageId: row.id,
      senderId,
      receiverId,
    });
    // One notification per unread streak, not one per message.
    if (!ctx.hadUnread) {
      const from = asSupport ? 'YaadCare Support' : `${actor.firstName} ${actor.lastName.slice(0, 1)}.`;
      const notice = {
        title: `New message from ${from}`,
        body: content.length > 140 ? `${content.slice(0, 139)}…` : content,
      };
      if (receiver.isSupport) {
        await notificationService.addForAdmins(tx, {
          kind: 'support-message',
          ...notice,
          link: `/admin?support=${senderId}`,
        });
      } else {
        await notificationService.add(tx, {
          userId: receiverId,
          kind: 'message',
          ...notice,
          link: `/chat/${senderId}`,
        });
      }
    }
    return message;
  },

  /** Marks what `readerId` received from `otherId` read and tells both sides. */
  async markRead(tx: Tx, supportId: number, readerId: number, otherId: number, upToId?: number) {
    const other = await messageRepo.person(tx, otherId);
    if (!other) throw notFound('User not found');
    const at = new Date();
    const ids = await messageRepo.markRead(tx, readerId, otherId, upToId, at);
    if (ids.length > 0) {
      await publish(tx, await audience(tx, [readerId, otherId], supportId), {
        type: 'read',
        readerId,
        otherId,
        upToId: Math.max(...ids),
        readAt: at.toISOString(),
      });
      if (readerId !== supportId) await notificationService.markReadByLink(tx, readerId, `/chat/${otherId}`);
    }
    return { updated: ids.length, readAt: ids.length > 0 ? at.toISOString() : null };
  },

  /** A page of a conversation, with what the reader may do next. */
  async conversation(
    tx: Tx,
    reader: { id: number; userType: Person['userType']; isSupport: boolean },
    otherId: number,
    opts: { before?: number; limit: number; withAdminNames: boolean },
  ) {
    const other = await messageRepo.person(tx, otherId);
    if (!other || otherId === reader.id) throw notFound('User not found');
    const [{ rows, hasMore }, blocks] = await Promise.all([
      messageRepo.page(tx, reader.id, otherId, opts),
      messageRepo.blockState(tx, reader.id, otherId),
    ]);
    const refusal = refusalBetween(reader, other, blocks);
    return {
      user: publicPerson(other),
      messages: rows.map((r) => toMessage(r.row, opts.withAdminNames ? r.adminName : undefined)),
      hasMore,
      ...blocks,
      canMessage: refusal === null,
    };
  },
};

export function publicPerson(p: Person) {
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    profileImageUrl: p.profileImageUrl,
    userType: p.userType,
    isSupport: p.isSupport,
  };
}
