import { and, asc, count, desc, eq, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { deliveries, users, webhookReceipts } from '../../db/schema';

export type DeliveryRow = typeof deliveries.$inferSelect;
export type NewDelivery = typeof deliveries.$inferInsert;
export type DeliveryStatus = DeliveryRow['status'];

export interface DeliveryFilters {
  userId?: number;
  email?: string;
  kind?: string;
  channel?: DeliveryRow['channel'];
  status?: DeliveryStatus;
}

/** The delivery outbox's queries (ADR 0033). Every write states the status it expects to find. */
export const deliveryRepo = {
  async insert(tx: Tx, rows: NewDelivery[]): Promise<DeliveryRow[]> {
    if (rows.length === 0) return [];
    return tx.insert(deliveries).values(rows).returning();
  },

  /** A fallback row; nothing when the row it replaces already has one (unique fallback_of). */
  async insertFallback(tx: Tx, row: NewDelivery): Promise<DeliveryRow | undefined> {
    const [added] = await tx.insert(deliveries).values(row).onConflictDoNothing().returning();
    return added;
  },

  async find(tx: Tx, id: number): Promise<DeliveryRow | undefined> {
    const [row] = await tx.select().from(deliveries).where(eq(deliveries.id, id));
    return row;
  },

  async findWithEmail(tx: Tx, id: number) {
    const [row] = await tx
      .select({ d: deliveries, email: users.email })
      .from(deliveries)
      .innerJoin(users, eq(users.id, deliveries.userId))
      .where(eq(deliveries.id, id));
    return row;
  },

  async byProviderId(tx: Tx, provider: string, providerMessageId: string) {
    const [row] = await tx
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.provider, provider), eq(deliveries.providerMessageId, providerMessageId)));
    return row;
  },

  /**
   * Claims up to `limit` queued rows matching `where`, exactly once across instances: the rows are locked
   * with SKIP LOCKED (a concurrent claim passes over them instead of waiting) and leased until `leaseUntil`
   * in the same statement, so no other claim sees them as due while this one sends. Counts the attempt.
   */
  async claim(db: Db, where: SQL | undefined, at: Date, leaseUntil: Date, limit: number) {
    return db.transaction(async (tx) => {
      const due = tx
        .select({ id: deliveries.id })
        .from(deliveries)
        .where(and(eq(deliveries.status, 'queued'), where))
        .orderBy(deliveries.nextAttemptAt, deliveries.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      return tx
        .update(deliveries)
        .set({ attempts: sql`${deliveries.attempts} + 1`, nextAttemptAt: leaseUntil, updatedAt: at })
        .where(inArray(deliveries.id, due))
        .returning();
    });
  },

  /** Queued and due at `at` (the job's claim). */
  dueAt: (at: Date) => lte(deliveries.nextAttemptAt, at),
  /** Just written and never tried (the request's own dispatch after commit). */
  fresh: (ids: number[]) => and(inArray(deliveries.id, ids), eq(deliveries.attempts, 0)),

  async markSent(tx: Tx, id: number, p: { provider: string; providerMessageId: string; at: Date }) {
    await tx
      .update(deliveries)
      .set({
        status: 'sent',
        provider: p.provider,
        providerMessageId: p.providerMessageId,
        sentAt: p.at,
        lastError: null,
        updatedAt: p.at,
      })
      .where(and(eq(deliveries.id, id), eq(deliveries.status, 'queued')));
  },

  /** A failed attempt: queued again at `retryAt`, or failed for good when `retryAt` is undefined. */
  async markAttemptFailed(tx: Tx, id: number, error: string, at: Date, retryAt: Date | undefined) {
    const [row] = await tx
      .update(deliveries)
      .set(
        retryAt
          ? { nextAttemptAt: retryAt, lastError: error, updatedAt: at }
          : { status: 'failed', lastError: error, updatedAt: at },
      )
      .where(and(eq(deliveries.id, id), eq(deliveries.status, 'queued')))
      .returning();
    return row;
  },

  /** A provider's receipt: only forward (sent → delivered/failed), never back to queued. */
  async applyReceipt(tx: Tx, id: number, status: 'sent' | 'delivered' | 'failed', at: Date, error?: string) {
    const from: DeliveryStatus[] = status === 'sent' ? ['queued'] : ['queued', 'sent'];
    const [row] = await tx
      .update(deliveries)
      .set({
        status,
        updatedAt: at,
        ...(status === 'delivered' ? { deliveredAt: at } : {}),
        ...(status === 'failed' ? { lastError: error ?? 'undelivered' } : {}),
      })
      .where(and(eq(deliveries.id, id), inArray(deliveries.status, from)))
      .returning();
    return row;
  },

  /** The sandbox's fake receipts: its texts sent before `at` are delivered. */
  async deliverSandboxTexts(tx: Tx, at: Date): Promise<number> {
    const rows = await tx
      .update(deliveries)
      .set({ status: 'delivered', deliveredAt: at, updatedAt: at })
      .where(
        and(
          eq(deliveries.status, 'sent'),
          eq(deliveries.provider, 'sandbox'),
          inArray(deliveries.channel, ['sms', 'whatsapp']),
          lt(deliveries.sentAt, at),
        ),
      )
      .returning({ id: deliveries.id });
    return rows.length;
  },

  /** WhatsApp messages sent before `before` and still not delivered, with no fallback yet. */
  async undeliveredWhatsApp(tx: Tx, before: Date, limit: number): Promise<DeliveryRow[]> {
    const fallback = sql`(select 1 from ${deliveries} f where f.fallback_of = ${deliveries.id})`;
    return tx
      .select()
      .from(deliveries)
      .where(
        and(
          eq(deliveries.channel, 'whatsapp'),
          eq(deliveries.status, 'sent'),
          lte(deliveries.sentAt, before),
          sql`not exists ${fallback}`,
        ),
      )
      .orderBy(deliveries.sentAt)
      .limit(limit);
  },

  /** An admin's retry: failed, or sent and never confirmed delivered → queued now, attempts start again. */
  async requeue(tx: Tx, id: number, at: Date) {
    const [row] = await tx
      .update(deliveries)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: at, lastError: null, updatedAt: at })
      .where(and(eq(deliveries.id, id), inArray(deliveries.status, ['failed', 'sent'])))
      .returning();
    return row;
  },

  /** Every notice sent (or to be sent) to a user, oldest first: for their privacy export. */
  async allOfUser(tx: Tx, userId: number) {
    return tx
      .select({
        kind: deliveries.kind,
        channel: deliveries.channel,
        destination: deliveries.destination,
        subject: deliveries.subject,
        body: deliveries.body,
        status: deliveries.status,
        attempts: deliveries.attempts,
        createdAt: deliveries.createdAt,
        sentAt: deliveries.sentAt,
        deliveredAt: deliveries.deliveredAt,
      })
      .from(deliveries)
      .where(eq(deliveries.userId, userId))
      .orderBy(asc(deliveries.id));
  },

  async listOfUser(tx: Tx, userId: number, limit: number, offset: number) {
    const [items, [total]] = await Promise.all([
      tx
        .select()
        .from(deliveries)
        .where(eq(deliveries.userId, userId))
        .orderBy(desc(deliveries.id))
        .limit(limit)
        .offset(offset),
      tx.select({ n: count() }).from(deliveries).where(eq(deliveries.userId, userId)),
    ]);
    return { items, total: total?.n ?? 0 };
  },

  async listFiltered(tx: Tx, f: DeliveryFilters, limit: number, offset: number) {
    const where = and(
      f.userId === undefined ? undefined : eq(deliveries.userId, f.userId),
      f.email === undefined ? undefined : sql`lower(${users.email}) = lower(${f.email})`,
      f.kind === undefined ? undefined : eq(deliveries.kind, f.kind),
      f.channel === undefined ? undefined : eq(deliveries.channel, f.channel),
      f.status === undefined ? undefined : eq(deliveries.status, f.status),
    );
    const [items, [total]] = await Promise.all([
      tx
        .select({ d: deliveries, email: users.email })
        .from(deliveries)
        .innerJoin(users, eq(users.id, deliveries.userId))
        .where(where)
        .orderBy(desc(deliveries.id))
        .limit(limit)
        .offset(offset),
      tx
        .select({ n: count() })
        .from(deliveries)
        .innerJoin(users, eq(users.id, deliveries.userId))
        .where(where),
    ]);
    return { items, total: total?.n ?? 0 };
  },

  /**
   * Records a receipt's signature as taken, in the receipt's transaction; false when it was taken before and
   * its memory has not expired (a replay). The primary key decides between concurrent copies: the second
   * waits for the first's transaction and, if that commits, finds the row. An expired row the job has not
   * deleted yet is taken over.
   */
  async rememberReceipt(tx: Tx, provider: string, signatureHash: string, at: Date, expiresAt: Date) {
    const rows = await tx
      .insert(webhookReceipts)
      .values({ provider, signatureHash, receivedAt: at, expiresAt })
      .onConflictDoUpdate({
        target: [webhookReceipts.provider, webhookReceipts.signatureHash],
        set: { receivedAt: at, expiresAt },
        setWhere: lte(webhookReceipts.expiresAt, at),
      })
      .returning({ provider: webhookReceipts.provider });
    return rows.length > 0;
  },

  /** The deliveries job: receipt signatures whose memory ended by `at`. */
  async forgetExpiredReceipts(tx: Tx, at: Date): Promise<number> {
    const rows = await tx
      .delete(webhookReceipts)
      .where(lte(webhookReceipts.expiresAt, at))
      .returning({ provider: webhookReceipts.provider });
    return rows.length;
  },

  /** Rows still to send (the backlog gauge). */
  async queuedCount(tx: Tx): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(deliveries).where(eq(deliveries.status, 'queued'));
    return row?.n ?? 0;
  },
};
