import { MESSAGES_PER_MINUTE } from '../../../shared/contracts/messages';
import { inAppNotices } from '../../core/in-app-notices';
import { counters } from '../../core/rate-limits/service';
import { publish } from '../../core/realtime-bus';
import { supportAgentIds } from '../../core/support-account';
import type { Db, Tx } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { type Person, publicPerson, toMessage } from './message-view';
import { refusalBetween } from './messaging-rules';
import { messageRepo } from './repo';

export { type Person, publicPerson, toMessage } from './message-view';
export { ADMIN_AS_SUPPORT, messagingRefusal } from './messaging-rules';

export interface Sender {
  id: number;
  userType: Person['userType'];
  firstName: string;
  lastName: string;
  /** Set when an admin writes as YaadCare Support: the support account's id. */
  asSupportId?: number;
}

type PageQuery = { before?: number; limit: number };

export interface MessagingDeps {
  db: Db;
  /** The YaadCare Support account's id (known once the messaging plugin has made sure it exists). */
  supportUserId: () => number;
  /** The clock of the send rate limit's windows (default: the system clock). */
  now?: () => Date;
}

/** Whoever sees messages to and from `ids`: support's messages are for every admin agent. */
async function audience(tx: Tx, ids: number[], supportId: number): Promise<number[]> {
  return ids.includes(supportId) ? [...ids, ...(await supportAgentIds(tx))] : ids;
}

/** Messages and conversations: who may write to whom, the send rate limit, read receipts, notices. */
export function createMessagingService(deps: MessagingDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Sends a message: the sender is the signed-in user (or support, for an admin answering as support).
   * At most MESSAGES_PER_MINUTE per acting user: a shared counter (ADR 0010) counted in this transaction,
   * so parallel sends queue on it and a refused send gives its count back when the transaction rolls back.
   */
  async function send(tx: Tx, actor: Sender, receiverId: number, content: string, at: Date) {
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
      at,
      `You can send at most ${MESSAGES_PER_MINUTE} messages a minute. Please wait a moment and try again.`,
    );
    const row = await messageRepo.insert(tx, {
      senderId,
      receiverId,
      content,
      sentByAdminId: asSupport ? actor.id : null,
    });
    const message = toMessage(row);
    await publish(tx, await audience(tx, [senderId, receiverId], deps.supportUserId()), {
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
        await inAppNotices.addForAdmins(tx, {
          kind: 'support-message',
          ...notice,
          link: `/admin?support=${senderId}`,
        });
      } else {
        await inAppNotices.add(tx, {
          userId: receiverId,
          kind: 'message',
          ...notice,
          link: `/chat/${senderId}`,
        });
      }
    }
    return message;
  }

  /** Marks what `readerId` received from `otherId` read and tells both sides. */
  async function markRead(tx: Tx, readerId: number, otherId: number, upToId?: number) {
    const supportId = deps.supportUserId();
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
      if (readerId !== supportId) await inAppNotices.markReadByLink(tx, readerId, `/chat/${otherId}`);
    }
    return { updated: ids.length, readAt: ids.length > 0 ? at.toISOString() : null };
  }

  /** A page of a conversation, with what the reader may do next. */
  async function conversation(
    reader: { id: number; userType: Person['userType']; isSupport: boolean },
    otherId: number,
    opts: PageQuery & { withAdminNames: boolean },
  ) {
    const other = await messageRepo.person(db, otherId);
    if (!other || otherId === reader.id) throw notFound('User not found');
    const [{ rows, hasMore }, blocks] = await Promise.all([
      messageRepo.page(db, reader.id, otherId, opts),
      messageRepo.blockState(db, reader.id, otherId),
    ]);
    const refusal = refusalBetween(reader, other, blocks);
    return {
      user: publicPerson(other),
      messages: rows.map((r) => toMessage(r.row, opts.withAdminNames ? r.adminName : undefined)),
      hasMore,
      ...blocks,
      canMessage: refusal === null,
    };
  }

  return {
    /** A message from the signed-in user. */
    send: (actor: Sender, receiverId: number, content: string) =>
      db.transaction((tx) => send(tx, actor, receiverId, content, now())),

    /** An admin's reply as YaadCare Support (the writing admin is recorded). */
    replyAsSupport: (admin: Omit<Sender, 'asSupportId'>, userId: number, content: string) =>
      db.transaction((tx) =>
        send(tx, { ...admin, asSupportId: deps.supportUserId() }, userId, content, now()),
      ),

    /** The user's latest messages, sent and received, newest first. */
    async latest(userId: number, limit: number) {
      return (await messageRepo.listForUser(db, userId, limit)).map((m) => toMessage(m));
    },

    unreadCount: (userId: number) => messageRepo.unreadTotal(db, userId),

    /** One row per person the user talks with. */
    conversations: (userId: number) => messageRepo.conversations(db, userId),

    /** The support account's conversations (every admin sees them). */
    supportConversations: () => messageRepo.conversations(db, deps.supportUserId()),

    /** The signed-in user's conversation with another user. */
    conversationWith: (reader: Pick<Sender, 'id' | 'userType'>, otherId: number, query: PageQuery) =>
      conversation({ id: reader.id, userType: reader.userType, isSupport: false }, otherId, {
        ...query,
        withAdminNames: false,
      }),

    /** A user's conversation with YaadCare Support (with the admin who wrote each reply). */
    supportConversationWith: (otherId: number, query: PageQuery) =>
      conversation({ id: deps.supportUserId(), userType: 'admin', isSupport: true }, otherId, {
        ...query,
        withAdminNames: true,
      }),

    markRead: (readerId: number, otherId: number, upToId?: number) =>
      db.transaction((tx) => markRead(tx, readerId, otherId, upToId)),

    /** Marks a user's messages to YaadCare Support read. */
    markSupportRead: (otherId: number, upToId?: number) =>
      db.transaction((tx) => markRead(tx, deps.supportUserId(), otherId, upToId)),

    /** A user as messaging sees them (for blocking and reports), in the caller's transaction when given. */
    person: (id: number, tx: Tx = db) => messageRepo.person(tx, id),

    /** What others may see of a person in a conversation, and a message as the API shows it (for reports). */
    publicPerson,
    toMessage,

    /**
     * Conversations (receiver, sender) with messages unread since before `olderThan` (and after `notBefore`)
     * that are newer than the conversation's last e-mail, when that e-mail was sent before `lastSentBefore`.
     */
    unreadForEmail: (olderThan: Date, notBefore: Date, lastSentBefore: Date) =>
      messageRepo.unreadForEmail(db, olderThan, notBefore, lastSentBefore),

    /** People by id with their e-mail (suspended users left out). */
    reachablePeople: (ids: number[]) => messageRepo.usersByIds(db, ids),
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
