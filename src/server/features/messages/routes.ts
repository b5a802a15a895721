import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, Id } from '../../../shared/contracts/common';
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
import { messageRepo, toMessage } from './repo';
import { messagingService } from './service';

const UserIdParam = z.object({ userId: Id('userId') });
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
};

/** Messages and conversations of the signed-in user (spec §7 /api/messages, plus conversations). */
export async function messageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const supportId = () => app.supportUserId;

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
      const user = currentUser(req);
      const message = await app.db.transaction((tx) =>
        messagingService.send(tx, supportId(), user, req.body.receiverId, req.body.content, app.now()),
      );
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
    async (req) =>
      (await messageRepo.listForUser(app.db, currentUser(req).id, req.query.limit)).map((m) => toMessage(m)),
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
    async (req) => ({ unread: await messageRepo.unreadTotal(app.db, currentUser(req).id) }),
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
    async (req) => messageRepo.conversations(app.db, currentUser(req).id),
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
    async (req) => {
      const user = currentUser(req);
      return messagingService.conversation(
        app.db,
        { id: user.id, userType: user.userType, isSupport: false },
        req.params.userId,
        { ...req.query, withAdminNames: false },
      );
    },
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
      const user = currentUser(req);
      const message = await app.db.transaction((tx) =>
        messagingService.send(tx, supportId(), user, req.params.userId, req.body.content, app.now()),
      );
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
    async (req) =>
      app.db.transaction((tx) =>
        messagingService.markRead(tx, supportId(), currentUser(req).id, req.params.userId, req.body?.upToId),
      ),
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
    async () => messageRepo.conversations(app.db, supportId()),
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
    async (req) =>
      messagingService.conversation(
        app.db,
        { id: supportId(), userType: 'admin', isSupport: true },
        req.params.userId,
        { ...req.query, withAdminNames: true },
      ),
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
      const message = await app.db.transaction((tx) =>
        messagingService.send(
          tx,
          supportId(),
          { ...admin, asSupportId: supportId() },
          req.params.userId,
          req.body.content,
          app.now(),
        ),
      );
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
    async (req) =>
      app.db.transaction((tx) =>
        messagingService.markRead(tx, supportId(), supportId(), req.params.userId, req.body?.upToId),
      ),
  );
}
