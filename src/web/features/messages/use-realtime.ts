import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RealtimeEvent } from '../../../shared/contracts/messages';
import { notificationKeys } from '../notifications/api';
import { visitKeys } from '../visits/api';
import { invalidateMessaging } from './api';

/** Reconnection delay: 1 s doubling to 30 s, with jitter so a restarted server is not hit all at once. */
export function backoffMs(attempt: number, random = Math.random()): number {
  return Math.round(Math.min(30_000, 1000 * 2 ** attempt) * (0.5 + random / 2));
}

/**
 * Keeps the signed-in user's realtime stream open (GET /api/realtime, see ADR 0006) and turns its events
 * into fresh queries: messages, read receipts, notifications and visit logs. A dropped stream reconnects (first after
 * the server's `retry:` hint, then with backoff) and refetches everything it may have missed.
 */
export function useRealtime(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let connectedBefore = false;
    let stopped = false;

    const refreshAll = () => {
      void invalidateMessaging(queryClient);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      void queryClient.invalidateQueries({ queryKey: visitKeys.all });
    };
    const onEvent = (event: RealtimeEvent) => {
      switch (event.type) {
        case 'resync':
          // The first frame of every stream; after a reconnection it means "you may have missed something".
          if (connectedBefore) refreshAll();
          connectedBefore = true;
          attempt = 0;
          break;
        case 'message':
        case 'read':
          void invalidateMessaging(queryClient);
          break;
        case 'notification':
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
          break;
        case 'visit_log':
          // A visit log open on screen reads itself again (ADR 0028): the family's live log, the caregiver's.
          void queryClient.invalidateQueries({ queryKey: visitKeys.log(event.bookingId) });
          break;
      }
    };
    const open = () => {
      if (stopped) return;
      source = new EventSource('/api/realtime', { withCredentials: true });
      source.onmessage = (m) => {
        try {
          onEvent(JSON.parse(m.data) as RealtimeEvent);
        } catch {
          // A frame we do not understand: ignore it.
        }
      };
      source.onerror = () => {
        // A live stream that ended (a server stopping ends it with `retry:`, ADR 0017): the browser
        // reconnects by itself after the server's hint, so let it, once. A second failure in a row, or
        // a browser that gave up (CLOSED: an HTTP error), goes to our backoff instead of every 2 s forever.
        if (source?.readyState === EventSource.CONNECTING && attempt === 0) {
          attempt = 1;
          return;
        }
        source?.close();
        source = null;
        if (stopped) return;
        timer = setTimeout(open, backoffMs(attempt));
        attempt += 1;
      };
    };
    open();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [enabled, queryClient]);
}

/** Mount once for a signed-in user (the site header does). */
export function RealtimeConnection() {
  useRealtime(true);
  return null;
}
