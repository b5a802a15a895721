import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ensureSupportAccount } from '../../core/support-account';
import { messageRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The YaadCare Support account's user id (created at start when missing). */
    supportUserId: number;
  }
}

/** Messaging: the support account (made sure of at start), messages and conversations. */
export const messagingFeature = fp(async (app: FastifyInstance) => {
  app.decorate('supportUserId', await ensureSupportAccount(app.db));
  await app.register(messageRoutes);
});
