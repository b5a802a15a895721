import type { z } from 'zod';
import {
  type AdminDeliveriesQuery,
  type AdminDelivery,
  DELIVERIES_PAGE_SIZE,
  type MyDelivery,
} from '../../../shared/contracts/deliveries';
import type { Db, Tx } from '../../db/client';
import { conflict, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import type { DeliveryRow } from './deliveries-repo';
import { deliveryRepo } from './deliveries-repo';
import type { Dispatcher } from './dispatcher';

/** A provider's word for a message's state, as our statuses (undefined: nothing to record). */
export function receiptStatus(providerStatus: string): 'sent' | 'delivered' | 'failed' | undefined {
  switch (providerStatus.toLowerCase()) {
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      // queued, accepted, sending…: earlier than what we already know once the provider answered.
      return undefined;
  }
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function mine(r: DeliveryRow): MyDelivery {
  return {
    id: r.id,
    kind: r.kind,
    channel: r.channel,
    destination: r.destination,
    subject: r.subject,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function forAdmin(r: DeliveryRow, userEmail: string): AdminDelivery {
  return {
    ...mine(r),
    userId: r.userId,
    userEmail,
    attempts: r.attempts,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    provider: r.provider,
    providerMessageId: r.providerMessageId,
    lastError: r.lastError,
    critical: r.critical,
    fallbackOf: r.fallbackOf,
    sentAt: iso(r.sentAt),
    deliveredAt: iso(r.deliveredAt),
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;

/** A provider's receipt whose signature was checked, and how long that signature is remembered. */
export interface ProviderReceipt {
  provider: string;
  providerMessageId: string;
  providerStatus: string;
  errorCode?: string;
  /** Hex SHA-256 of the signature: a second receipt with it is a replay. */
  signatureHash: string;
  /** Until when a copy counts as a replay (after that the sandbox's timestamp check refuses it anyway). */
  rememberUntil: Date;
}

/** The outbox's reads, the admin's retry and the providers' receipts (ADR 0033). */
/** Where an admin's retry is recorded: the admin feature's audit log, injected (admin already reads notices). */
export interface DeliveryAudit {
  record(
    tx: Tx,
    entry: {
      actorId: number;
      action: string;
      subjectType: string;
      subjectId: number;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
      at: Date;
    },
  ): Promise<void>;
}

export function createDeliveryService(deps: {
  db: Db;
  dispatcher: Dispatcher;
  now: () => Date;
  audit: DeliveryAudit;
}) {
  const { db, dispatcher, now, audit } = deps;
  return {
    dispatcher,

    async listMine(userId: number, page: number) {
      const { items, total } = await deliveryRepo.listOfUser(
        db,
        userId,
        DELIVERIES_PAGE_SIZE,
        (page - 1) * DELIVERIES_PAGE_SIZE,
      );
      return { items: items.map(mine), page, pageSize: DELIVERIES_PAGE_SIZE, total };
    },

    async listForAdmin(q: z.output<typeof AdminDeliveriesQuery>) {
      const { page, ...filters } = q;
      const { items, total } = await deliveryRepo.listFiltered(
        db,
        filters,
        DELIVERIES_PAGE_SIZE,
        (page - 1) * DELIVERIES_PAGE_SIZE,
      );
      return {
        items: items.map((i) => forAdmin(i.d, i.email)),
        page,
        pageSize: DELIVERIES_PAGE_SIZE,
        total,
      };
    },

    /**
     * An admin sends a failed (or sent, never confirmed delivered) row again now: queued with its attempts
     * reset, written to the admin audit, then dispatched at once. 409 while it is still queued.
     */
    async retry(actor: Pick<SessionUser, 'id'>, id: number): Promise<AdminDelivery> {
      const at = now();
      await db.transaction(async (tx) => {
        const before = await deliveryRepo.find(tx, id);
        if (!before) throw notFound('No such delivery.');
        if (before.status === 'queued') throw conflict('This delivery is already waiting to be sent.');
        if (before.status === 'delivered') throw conflict('This delivery was already delivered.');
        const after = await deliveryRepo.requeue(tx, id, at);
        if (!after) throw conflict('This delivery changed meanwhile; reload and try again.');
        await audit.record(tx, {
          actorId: actor.id,
          action: 'delivery.retry',
          subjectType: 'delivery',
          subjectId: id,
          before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
          after: { status: after.status, attempts: after.attempts },
          at,
        });
      });
      await dispatcher.dispatch([id]);
      const r = await deliveryRepo.findWithEmail(db, id);
      if (!r) throw notFound('No such delivery.');
      return forAdmin(r.d, r.email);
    },

    /**
     * A provider's signed receipt for its message `providerMessageId`. Its signature is remembered first, in
     * the same transaction (ADR 0033, "Signed timestamps and replays"): a copy seen before is a 409 and
     * changes nothing; a receipt whose transaction fails is not remembered, so the provider's retry lands.
     * Unknown ids are ignored (the provider retries on errors, and a row may be gone with its account). A
     * failure queues the SMS fallback.
     */
    async receipt(r: ProviderReceipt) {
      const status = receiptStatus(r.providerStatus);
      const at = now();
      const fallback = await db.transaction(async (tx) => {
        if (!(await deliveryRepo.rememberReceipt(tx, r.provider, r.signatureHash, at, r.rememberUntil))) {
          throw conflict('This delivery receipt was already received.');
        }
        if (!status) return undefined;
        const row = await deliveryRepo.byProviderId(tx, r.provider, r.providerMessageId);
        if (!row) return undefined;
        const error = r.errorCode ? `${r.providerStatus.toLowerCase()} (code ${r.errorCode})` : undefined;
        const updated = await deliveryRepo.applyReceipt(tx, row.id, status, at, error);
        return updated?.status === 'failed' ? dispatcher.queueFallback(tx, updated, at) : undefined;
      });
      // The replacing SMS goes at once; the job would send it within a run otherwise.
      if (fallback) await dispatcher.dispatch([fallback.id]);
    },

    /** The deliveries job: forgets receipt signatures whose memory ended (replays of them are refused by then). */
    async forgetExpiredReceipts(at: Date) {
      return deliveryRepo.forgetExpiredReceipts(db, at);
    },
  };
}
