/**
 * The visit screen's outbox (docs/decisions/0029-offline-visit-screen.md): check-in, check-out and log entries
 * are written here first, with a client-made id, and sent in the order they were made when the phone is
 * online. The server answers a resent clientId with the first entry (ADR 0028), so a send cut off after the
 * server wrote it is simply sent again: exactly one entry. A refusal (4xx) is kept with its reason and never
 * sent again; a network failure, a 5xx, 401 (signed out), 408 or 429 stops the run and waits for the next one.
 */

export type OutboxPath = 'check-in' | 'check-out' | 'log';

export interface OutboxItem {
  clientId: string;
  bookingId: number;
  path: OutboxPath;
  /** The request body as it will be sent (it carries clientId and recordedAt). */
  body: Record<string, unknown> & { clientId: string; kind?: string };
  /** When the caregiver made it (ISO). */
  queuedAt: string;
  state: 'waiting' | 'refused';
  /** Why the server refused it (state 'refused'). */
  reason?: string;
}

/** Where the queue lives: IndexedDB in the browser (idb-keyval), memory in tests. */
export interface OutboxStore {
  read(): Promise<OutboxItem[]>;
  /** Replaces the queue with what `change` makes of it, atomically where the store can. */
  update(change: (items: OutboxItem[]) => OutboxItem[]): Promise<void>;
}

/** What one send came to: sent (the server has it), refused (4xx, final) or retry later. */
export type SendResult = { outcome: 'sent' } | { outcome: 'refused'; reason: string } | { outcome: 'retry' };

export type Send = (item: OutboxItem) => Promise<SendResult>;

/** Statuses that say "not now", not "never": the item stays waiting. */
const RETRY_STATUSES = new Set([401, 408, 425, 429]);

/** A send's result from an HTTP status (undefined: no answer at all) and the error's message. */
export function resultOfStatus(status: number | undefined, message: string): SendResult {
  if (status === undefined || status >= 500 || RETRY_STATUSES.has(status)) return { outcome: 'retry' };
  if (status >= 400) return { outcome: 'refused', reason: message };
  return { outcome: 'sent' };
}

export interface FlushSummary {
  sent: number;
  refused: number;
  /** Items still waiting after this run (a retry stopped it). */
  waiting: number;
}

export interface Outbox {
  enqueue(item: Omit<OutboxItem, 'state' | 'queuedAt'> & { queuedAt?: string }): Promise<void>;
  list(bookingId?: number): Promise<OutboxItem[]>;
  /** Sends what waits, oldest first; one run at a time (a second call waits for the first and runs after it). */
  flush(): Promise<FlushSummary>;
  /** Removes a refused item once the caregiver has read why. */
  dismiss(clientId: string): Promise<void>;
}

export function createOutbox(store: OutboxStore, send: Send, now: () => Date = () => new Date()): Outbox {
  let running: Promise<FlushSummary> = Promise.resolve({ sent: 0, refused: 0, waiting: 0 });

  const run = async (): Promise<FlushSummary> => {
    const summary = { sent: 0, refused: 0, waiting: 0 };
    // Oldest first, one at a time: a log entry never reaches the server before the check-in made before it.
    for (;;) {
      const next = (await store.read()).find((i) => i.state === 'waiting');
      if (!next) break;
      let result: SendResult;
      try {
        result = await send(next);
      } catch {
        result = { outcome: 'retry' };
      }
      if (result.outcome === 'retry') break;
      if (result.outcome === 'sent') {
        summary.sent++;
        await store.update((items) => items.filter((i) => i.clientId !== next.clientId));
      } else {
        summary.refused++;
        const { reason } = result;
        await store.update((items) =>
          items.map((i) => (i.clientId === next.clientId ? { ...i, state: 'refused', reason } : i)),
        );
      }
    }
    summary.waiting = (await store.read()).filter((i) => i.state === 'waiting').length;
    return summary;
  };

  return {
    async enqueue(item) {
      const full: OutboxItem = { ...item, queuedAt: item.queuedAt ?? now().toISOString(), state: 'waiting' };
      await store.update((items) =>
        items.some((i) => i.clientId === full.clientId) ? items : [...items, full],
      );
    },
    async list(bookingId) {
      const items = await store.read();
      return bookingId === undefined ? items : items.filter((i) => i.bookingId === bookingId);
    },
    flush() {
      running = running.then(run, run);
      return running;
    },
    async dismiss(clientId) {
      await store.update((items) => items.filter((i) => !(i.clientId === clientId && i.state === 'refused')));
    },
  };
}

/** A store in memory (tests, and browsers without IndexedDB). */
export function memoryStore(initial: OutboxItem[] = []): OutboxStore {
  let items = [...initial];
  return {
    read: async () => [...items],
    update: async (change) => {
      items = change([...items]);
    },
  };
}
