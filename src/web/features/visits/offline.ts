import { useQueryClient } from '@tanstack/react-query';
import { createStore, get, set, update } from 'idb-keyval';
import { useCallback, useEffect, useState } from 'react';
import { apiPost, isApiError } from '../../lib/api';
import { type VisitLog, type VisitSummary, visitKeys } from './api';
import { createOutbox, type Outbox, type OutboxItem, type OutboxStore, resultOfStatus } from './outbox';

/**
 * The visit screen's data on the phone (docs/decisions/0029-offline-visit-screen.md), in IndexedDB through
 * idb-keyval: the outbox of writes not yet sent, and per visit the last summary and log read from the server,
 * so the screen opens offline. Nothing else of the API is kept (the service worker caches no /api answer).
 */
const OUTBOX_KEY = 'outbox';
const snapshotKey = (bookingId: number) => `snapshot:${bookingId}`;

let db: ReturnType<typeof createStore> | undefined;
export const visitDb = () => {
  db ??= createStore('yaadcare-visits', 'kv');
  return db;
};

export function idbOutboxStore(): OutboxStore {
  return {
    read: async () => (await get<OutboxItem[]>(OUTBOX_KEY, visitDb())) ?? [],
    // One IndexedDB transaction: read, change and write the queue together.
    update: (change) => update<OutboxItem[]>(OUTBOX_KEY, (items) => change(items ?? []), visitDb()),
  };
}

/** POST one item; the answer sorted into sent, refused (with the server's reason) or retry later. */
async function sendItem(item: OutboxItem) {
  try {
    await apiPost(`/api/bookings/${item.bookingId}/${item.path}`, item.body);
    return { outcome: 'sent' as const };
  } catch (error) {
    if (!isApiError(error)) return { outcome: 'retry' as const };
    const field = error.errors?.[0]?.message;
    return resultOfStatus(error.status, field ?? error.message);
  }
}

const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

let outbox: Outbox | undefined;
/** The one outbox of this page (created on first use, in the browser only). */
function visitOutbox(): Outbox {
  outbox ??= createOutbox(idbOutboxStore(), sendItem);
  return outbox;
}

export interface SavedVisit {
  summary: VisitSummary;
  log: VisitLog;
  savedAt: string;
}

export const saveVisit = (saved: SavedVisit) => set(snapshotKey(saved.summary.bookingId), saved, visitDb());
export const loadVisit = (bookingId: number) => get<SavedVisit>(snapshotKey(bookingId), visitDb());

/** A client-made id for a new write (the server keeps the first write of each id: ADR 0028). */
export function newClientId(): string {
  return crypto.randomUUID();
}

/**
 * The outbox of one visit, as the screen shows it: its waiting and refused items, `add` to queue a write
 * (sent at once when online), `dismiss` for a refused one. It sends on load and whenever the phone comes
 * back online; after a send the log is read again.
 */
export function useVisitOutbox(bookingId: number) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [sending, setSending] = useState(false);

  const refresh = useCallback(async () => {
    setItems(await visitOutbox().list(bookingId));
  }, [bookingId]);

  const flush = useCallback(async () => {
    setSending(true);
    try {
      const summary = await visitOutbox().flush();
      if (summary.sent > 0 || summary.refused > 0) {
        changed();
        await queryClient.invalidateQueries({ queryKey: visitKeys.log(bookingId) });
      }
    } finally {
      setSending(false);
    }
  }, [bookingId, queryClient]);

  useEffect(() => {
    listeners.add(refresh);
    void refresh();
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => {
      listeners.delete(refresh);
      window.removeEventListener('online', online);
    };
  }, [refresh, flush]);

  const add = useCallback(
    async (path: OutboxItem['path'], body: Record<string, unknown>) => {
      const clientId = newClientId();
      const recordedAt = new Date().toISOString();
      await visitOutbox().enqueue({ clientId, bookingId, path, body: { ...body, clientId, recordedAt } });
      changed();
      if (navigator.onLine) void flush();
      return clientId;
    },
    [bookingId, flush],
  );

  const dismiss = useCallback(async (clientId: string) => {
    await visitOutbox().dismiss(clientId);
    changed();
  }, []);

  return { items, add, dismiss, sending };
}
