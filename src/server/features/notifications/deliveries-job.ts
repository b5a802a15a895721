import type { Job } from '../../jobs/scheduler';

/**
 * The delivery outbox's job (ADR 0033): sends every due row (quiet hours over, a retry's backoff over, or
 * left behind by a request whose own dispatch did not happen), records the sandbox's fake receipts and
 * queues the SMS fallbacks of WhatsApp messages still not delivered. Rows are claimed with SKIP LOCKED, so
 * runs on several instances (and a request's own dispatch) never send one row twice. Then it forgets the
 * receipt signatures whose replay memory ended.
 */
export const deliveriesJob: Job = {
  name: 'notifications.deliveries',
  everyMs: 30_000,
  run: async ({ app, now, signal }) => {
    const total = await app.services.deliveries.dispatcher.runDue(now, signal);
    const forgotten = await app.services.deliveries.forgetExpiredReceipts(now);
    return { ...total, forgotten };
  },
};
