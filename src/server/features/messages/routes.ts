import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, errorResponses, Id } from '../../../shared/contracts/common';
import {
  ConversationMessagesQuery,
  ConversationMessagesResponse,
  ConversationsResponse,
  MarkReadRequest,
  MarkReadResponse,
  Message,
  ReplyRequest,
  SendMessageRequest,
  UnreadCountResponse,
} from '../../../shared/contracts/messages';
import { currentUser } from '../../plugins/auth';

const UserIdParam = z.object({ userId: Id('userId') });
const errors = errorResponses(400, 401, 403, 404, 429);

/** Messages and conversations of the signed-in user (docs/product.md#the-api-contract /api/messages, plus conversations). */
export async function messageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const messaging = app.services.messaging;

  r.post(
    '/api/messages',
    {
      config: { access: 'user' },
      schema: {
        tags: ['messages'],
        summary: 'Send a message (the sender is always the signed-in user, whatever senderId says)',
        body: SendMessageRequest,
        response: { 201: Message, ...errors },
      },
    },
    async (req, reply) => {
      const message = await messaging.send(currentUser(req), req.body.receiverId, req.body.content);
      return reply.code(201).send(message);
    },
  );

  r.get(
    '/api/messages',
    {
      config: { access: 'user' },
      schema: {
        tags: ['messages'],
        summary:
          "The signed-in user's latest messages, sent and received, newest first (spec list with isRead)",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(100) }),
        response: { 200: z.array(Message), 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (req) => messaging.latest(currentUser(req).id, req.query.limit),
  );

  r.get(
    '/api/messages/unread-count',
    {
      config: { access: 'user' },
      schema: {
        tags: ['messages'],
        summary: 'How many messages the signed-in user has not read',
        response: { 200: UnreadCountResponse, 401: ErrorResponse },
      },
    },
    async (req) => ({ unread: await messaging.unreadCount(currentUser(req).id) }),
  );

  r.get(
    '/api/conversations',
    {
      config: { access: 'user' },
      schema: {
        tags: ['messages'],
        summary:
          'One row per person the signed-in user talks with: last message and unread count, newest first',
        response: { 200: ConversationsResponse, 401: ErrorResponse },
      },
    },
    async (req) => messaging.conversations(currentUser(req).id),
  );

  r.get(
    '/api/conversations/:userId/messages',
    {
      config: { access: 'user' },
      schema: {
        tags: ['messages'],
        summary: 'The conversation with a user, a page at a time (oldest → newest within a page)',
        params: UserIdParam,
        querystring: ConversationMessagesQuery,
        response: { 200: ConversationMessagesResponse, ...errors },
      },
    },
    async (req) => messaging.conversationWith(currentUser(req), req.params.userId, req.query),
  );

  r.post(
    '/api/conversations/:userId/messages',
    {
      config: { access: 'user' },
      schema: {
        tags: ['messages'],
        summary: 'Send a message to this user',
        params: UserIdParam,
        body: ReplyRequest,
        response: { 201: Message, ...errors },
      },
    },
    async (req, reply) => {
      const message = await messaging.send(currentUser(req), req.params.userId, req.body.content);
      return reply.code(201).send(message);
    },
  );

  r.post(
    '/api/conversations/:userId/read',
    {
      config: { access: 'user' },
      schema: {
        tags: ['messages'],
        summary: "Mark this user's messages to you read (all, or up to upToId): sets readAt and isRead",
        params: UserIdParam,
        body: MarkReadRequest,
        response: { 200: MarkReadResponse, ...errors },
      },
    },
    async (req) => messaging.markRead(currentUser(req).id, req.params.userId, req.body?.upToId),
  );

  // Admins answer as YaadCare Support: the support account's conversations, visible to every admin.
  r.get(
    '/api/admin/support/conversations',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Conversations with YaadCare Support, newest first',
        response: { 200: ConversationsResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async () => messaging.supportConversations(),
  );

  r.get(
    '/api/admin/support/conversations/:userId/messages',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'A conversation with YaadCare Support (with the admin who wrote each reply)',
        params: UserIdParam,
        querystring: ConversationMessagesQuery,
        response: { 200: ConversationMessagesResponse, ...errors },
      },
    },
    async (req) => messaging.supportConversationWith(req.params.userId, req.query),
  );

  r.post(
    '/api/admin/support/conversations/:userId/messages',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Reply as YaadCare Support (the writing admin is recorded)',
        params: UserIdParam,
        body: ReplyRequest,
        response: { 201: Message, ...errors },
      },
    },
    async (req, reply) => {
      const admin = currentUser(req);
      const message = await messaging.replyAsSupport(admin, req.params.userId, req.body.content);
      return reply.code(201).send({ ...message, sentByAdmin: `${admin.firstName} ${admin.lastName}` });
    },
  );

  r.post(
    '/api/admin/support/conversations/:userId/read',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: "Mark a user's messages to YaadCare Support read",
        params: UserIdParam,
        body: MarkReadRequest,
        response: { 200: MarkReadResponse, ...errors },
      },
    },
    async (req) => messaging.markSupportRead(req.params.userId, req.body?.upToId),
  );
}
