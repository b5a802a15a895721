import { and, count, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { SUPPORT_ACCOUNT_EMAIL } from '../../core/support-account';
import type { Tx } from '../../db/client';
import { messages, userBlocks, users } from '../../db/schema';
import { type MessageRow, type Person, toMessage } from './message-view';

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  userType: users.userType,
  suspendedAt: users.suspendedAt,
  isSupport: sql<boolean>`lower(${users.email}) = ${SUPPORT_ACCOUNT_EMAIL}`,
};

const between = (a: number, b: number) =>
  or(
    and(eq(messages.senderId, a), eq(messages.receiverId, b)),
    and(eq(messages.senderId, b), eq(messages.receiverId, a)),
  );

export const messageRepo = {
  async person(tx: Tx, id: number): Promise<Person | undefined> {
    const [row] = await tx.select(personColumns).from(users).where(eq(users.id, id));
    return row;
  },

  /**
   * Everything a send checks, in one round trip: the receiver, blocks both ways, and whether the receiver
   * already had unread messages from the sender. (The rate limit is a shared counter: see the service.)
   */
  async sendContext(tx: Tx, senderId: number, receiverId: number) {
    const result = await tx.execute(sql`
      select u.id, u.first_name, u.last_name, u.profile_image_url, u.user_type, u.suspended_at,
        lower(u.email) = ${SUPPORT_ACCOUNT_EMAIL} as is_support,
        exists(select 1 from user_blocks b where b.blocker_id = ${senderId} and b.blocked_id = u.id) as blocked_by_me,
        exists(select 1 from user_blocks b where b.blocker_id = u.id and b.blocked_id = ${senderId}) as blocked_me,
        exists(select 1 from messages m where m.receiver_id = u.id and m.sender_id = ${senderId} and m.is_read = false) as had_unread
      from users u where u.id = ${receiverId}
    `);
    const r = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
    if (!r) return undefined;
    const receiver: Person = {
      id: Number(r.id),
      firstName: String(r.first_name),
      lastName: String(r.last_name),
      profileImageUrl: (r.profile_image_url as string | null) ?? null,
      userType: r.user_type as Person['userType'],
      suspendedAt: r.suspended_at ? new Date(r.suspended_at as string) : null,
      isSupport: Boolean(r.is_support),
    };
    return {
      receiver,
      blockedByMe: Boolean(r.blocked_by_me),
      blockedMe: Boolean(r.blocked_me),
      hadUnread: Boolean(r.had_unread),
    };
  },

  async insert(
    tx: Tx,
    m: { senderId: number; receiverId: number; content: string; sentByAdminId?: number | null },
  ): Promise<MessageRow> {
    const [row] = await tx
      .insert(messages)
      .values({ ...m, sentByAdminId: m.sentByAdminId ?? null })
      .returning();
    return row;
  },

  /** Messages written by `actorId` in the last minute (support replies count for the admin who wrote them). */
  async sentInLastMinute(tx: Tx, actorId: number, asSupport: boolean): Promise<number> {
    const since = sql`now() - interval '1 minute'`;
    const [row] = await tx
      .select({ n: count() })
      .from(messages)
      .where(
        asSupport
          ? and(eq(messages.sentByAdminId, actorId), gt(messages.createdAt, since))
          : and(eq(messages.senderId, actorId), gt(messages.createdAt, since)),
      );
    return row?.n ?? 0;
  },

  async unreadTotal(tx: Tx, receiverId: number): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.receiverId, receiverId), eq(messages.isRead, false)));
    return row?.n ?? 0;
  },

  /** docs/product.md#the-api-contract GET /api/messages: the user's latest messages, sent and received, newest first. */
  async listForUser(tx: Tx, userId: number, limit: number): Promise<MessageRow[]> {
    return tx
      .select()
      .from(messages)
      .where(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit);
  },

  /** One row per other person: their last message and how many of theirs `me` has not read. */
  async conversations(tx: Tx, me: number, limit = 200) {
    const result = await tx.execute(sql`
      with mine as (
        select m.*, case when m.sender_id = ${me} then m.receiver_id else m.sender_id end as other_id
        from messages m where m.sender_id = ${me} or m.receiver_id = ${me}
      ), last as (
        select distinct on (other_id) * from mine order by other_id, created_at desc, id desc
      ), unread as (
        select sender_id as other_id, count(*)::int as n from messages
        where receiver_id = ${me} and is_read = false group by sender_id
      )
      select l.id, l.sender_id, l.receiver_id, l.content, l.is_read, l.read_at, l.created_at,
        l.other_id, coalesce(u.n, 0)::int as unread,
        us.first_name, us.last_name, us.profile_image_url, us.user_type,
        lower(us.email) = ${SUPPORT_ACCOUNT_EMAIL} as is_support
      from last l join users us on us.id = l.other_id left join unread u on u.other_id = l.other_id
      order by l.created_at desc, l.id desc
      limit ${limit}
    `);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    return rows.map((r) => ({
      user: {
        id: Number(r.other_id),
        firstName: String(r.first_name),
        lastName: String(r.last_name),
        profileImageUrl: (r.profile_image_url as string | null) ?? null,
        userType: r.user_type as Person['userType'],
        isSupport: Boolean(r.is_support),
      },
      lastMessage: toMessage({
        id: Number(r.id),
        senderId: Number(r.sender_id),
        receiverId: Number(r.receiver_id),
        content: String(r.content),
        isRead: Boolean(r.is_read),
        readAt: r.read_at ? new Date(r.read_at as string) : null,
        createdAt: new Date(r.created_at as string),
        sentByAdminId: null,
      }),
      unreadCount: Number(r.unread),
    }));
  },

  /** A page of the conversation between `me` and `other`, oldest → newest, with the admins who wrote as support. */
  async page(tx: Tx, me: number, other: number, opts: { before?: number; limit: number }) {
    const rows = await tx
      .select({
        m: messages,
        adminFirst: sql<string | null>`admin_user.first_name`,
        adminLast: sql<string | null>`admin_user.last_name`,
      })
      .from(messages)
      .leftJoin(sql`users as admin_user`, sql`admin_user.id = ${messages.sentByAdminId}`)
      .where(and(between(me, other), opts.before ? lt(messages.id, opts.before) : undefined))
      .orderBy(desc(messages.id))
      .limit(opts.limit + 1);
    const hasMore = rows.length > opts.limit;
    const page = rows.slice(0, opts.limit).reverse();
    return {
      hasMore,
      rows: page.map((r) => ({
        row: r.m,
        adminName: r.adminFirst ? `${r.adminFirst} ${r.adminLast ?? ''}`.trim() : null,
      })),
    };
  },

  /** Marks what `reader` received from `other` read (up to a message id when given); returns the ids. */
  async markRead(tx: Tx, reader: number, other: number, upToId: number | undefined, at: Date) {
    const rows = await tx
      .update(messages)
      .set({ isRead: true, readAt: at })
      .where(
        and(
          eq(messages.receiverId, reader),
          eq(messages.senderId, other),
          eq(messages.isRead, false),
          upToId ? lte(messages.id, upToId) : undefined,
        ),
      )
      .returning({ id: messages.id });
    return rows.map((r) => r.id);
  },

  async blockState(tx: Tx, me: number, other: number) {
    const rows = await tx
      .select({ blockerId: userBlocks.blockerId })
      .from(userBlocks)
      .where(
        or(
          and(eq(userBlocks.blockerId, me), eq(userBlocks.blockedId, other)),
          and(eq(userBlocks.blockerId, other), eq(userBlocks.blockedId, me)),
        ),
      );
    return {
      blockedByMe: rows.some((r) => r.blockerId === me),
      blockedMe: rows.some((r) => r.blockerId === other),
    };
  },

  /**
   * Conversations (receiver, sender) with messages unread since before `olderThan` (and after `notBefore`)
   * that are newer than the conversation's last e-mail, when that e-mail was sent before `lastSentBefore`.
   */
  async unreadForEmail(tx: Tx, olderThan: Date, notBefore: Date, lastSentBefore: Date) {
    const result = await tx.execute(sql`
      select m.receiver_id, m.sender_id, count(*)::int as n
      from messages m
      left join message_email_notices e on e.recipient_id = m.receiver_id and e.other_id = m.sender_id
      where m.is_read = false and m.created_at <= ${olderThan} and m.created_at > ${notBefore}
        and (e.sent_at is null or (e.sent_at < m.created_at and e.sent_at <= ${lastSentBefore}))
      group by m.receiver_id, m.sender_id
      limit 500
    `);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
      receiverId: Number(r.receiver_id),
      senderId: Number(r.sender_id),
      count: Number(r.n),
    }));
  },

  async usersByIds(tx: Tx, ids: number[]) {
    if (ids.length === 0) return [];
    return tx
      .select({ ...personColumns, email: users.email })
      .from(users)
      .where(and(inArray(users.id, ids), isNull(users.suspendedAt)));
  },

  async oldestFirst(tx: Tx, a: number, b: number, limit: number) {
    const rows = await tx
      .select()
      .from(messages)
      .where(between(a, b))
      .orderBy(desc(messages.id))
      .limit(limit);
    return rows.reverse();
  },
};
