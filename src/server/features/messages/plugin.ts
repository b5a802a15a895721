import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { emailPreferenceRoutes } from '../notifications/preferences-routes';
import { realtimePlugin } from '../realtime/plugin';
import { safetyRoutes } from '../safety/routes';
import { messageRoutes } from './routes';
import { ensureSupportAccount } from './support-account';

declare module 'fastify' {
  interface FastifyInstance {
    /** The YaadCare Support account's user id (created at start when missing). */
    supportUserId: number;
  }
}

/** Messaging: the support account, realtime delivery, messages and conversations, safety, e-mail preferences. */
export const messagingFeature = fp(async (app: FastifyInstance) => {
  app.decorate('supportUserId', await ensureSupportAccount(app.db));
  await app.register(realtimePlugin);
  await app.register(messageRoutes);
  await app.register(safetyRoutes);
  await app.register(emailPreferenceRoutes);
});
