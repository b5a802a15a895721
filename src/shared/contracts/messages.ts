import { Id } from './common';
import type { VisitEntry } from './visits';
import { z } from './zod';

export const MESSAGE_MAX_LENGTH = 4000;
/** Messages a sender may send per minute (a 429 beyond). */
export const MESSAGES_PER_MINUTE = 30;

const content = z
  .string({ error: 'Message content is required' })
  .trim()
  .min(1, 'Please write a message.')
  .max(
    MESSAGE_MAX_LENGTH,
    `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  );

/** docs/product.md#the-api-contract POST /api/messages: senderId is accepted for the spec's shape but the sender is always the signed-in user. */
export const SendMessageRequest = z.object({
  senderId: z.unknown().optional(),
  receiverId: Id('receiverId'),
  content,
});
export type SendMessageRequest = z.infer<typeof SendMessageRequest>;

/** A message written to someone from a conversation screen (the receiver is in the path). */
export const ReplyRequest = z.object({ content });
export type ReplyRequest = z.infer<typeof ReplyRequest>;

/** docs/product.md#records message, with both readings of "read": isRead and readAt. */
export const Message = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  receiverId: z.number().int(),
  content: z.string(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
  /** Admins only: the admin who wrote a message sent as YaadCare Support. */
  sentByAdmin: z.string().nullable().optional(),
});
export type Message = z.infer<typeof Message>;

export const ConversationUser = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  userType: z.enum(['family', 'caregiver', 'admin']),
  isSupport: z.boolean(),
});
export type ConversationUser = z.infer<typeof ConversationUser>;

/** GET /api/conversations: one row per other person, newest first. */
export const Conversation = z.object({
  user: ConversationUser,
  lastMessage: Message,
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof Conversation>;
export const ConversationsResponse = z.array(Conversation);

export const ConversationMessagesQuery = z.object({
  /** Messages older than this id (the previous page's first id). */
  before: Id('before').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const ConversationMessagesResponse = z.object({
  user: ConversationUser,
  /** Oldest → newest within the page. */
  messages: z.array(Message),
  hasMore: z.boolean(),
  blockedByMe: z.boolean(),
  blockedMe: z.boolean(),
  /** Whether the signed-in user may write to this person (role rule, blocks, suspension). */
  canMessage: z.boolean(),
});
export type ConversationMessagesResponse = z.infer<typeof ConversationMessagesResponse>;

export const MarkReadRequest = z
  .object({ upToId: Id('upToId').optional() })
  .optional()
  .nullable();
export const MarkReadResponse = z.object({ updated: z.number().int(), readAt: z.string().nullable() });

export const UnreadCountResponse = z.object({ unread: z.number().int() });

export const ReportRequest = z.object({
  reason: z
    .string({ error: 'Please tell us what happened.' })
    .trim()
    .min(1, 'Please tell us what happened.')
    .max(1000, 'Please keep the report under 1,000 characters.'),
  /** Optional: the message being reported (one of the conversation between the two). */
  messageId: Id('messageId').optional(),
});
export type ReportRequest = z.infer<typeof ReportRequest>;

export const AdminReport = z.object({
  id: z.number().int(),
  reason: z.string(),
  status: z.enum(['open', 'resolved']),
  createdAt: z.string(),
  reporter: ConversationUser,
  reported: ConversationUser.extend({ suspended: z.boolean() }),
  /** The latest messages between the two, oldest → newest. */
  conversation: z.array(Message),
});
export type AdminReport = z.infer<typeof AdminReport>;

export const EMAIL_KINDS = ['messages', 'bookings', 'reviews', 'support'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export const EmailPreferences = z.object({
  messages: z.boolean(),
  bookings: z.boolean(),
  reviews: z.boolean(),
  support: z.boolean(),
});
export type EmailPreferences = z.infer<typeof EmailPreferences>;

/** Events on the realtime channel (GET /api/realtime, server-sent events). */
export type RealtimeEvent =
  | { type: 'message'; message: Message | null; messageId: number; senderId: number; receiverId: number }
  | { type: 'read'; readerId: number; otherId: number; upToId: number | null; readAt: string }
  | { type: 'notification'; kind: string }
  /** A new entry of a booking's visit log (ADR 0028), to everyone who may read that log (null: fetch it). */
  | { type: 'visit_log'; bookingId: number; entry: VisitEntry | null }
  | { type: 'resync' };
