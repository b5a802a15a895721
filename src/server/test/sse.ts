import { request } from 'node:http';
import type { RealtimeEvent } from '../../shared/contracts/messages';

export interface SseClient {
  events: RealtimeEvent[];
  /** The last reconnection hint (`retry:` line, in ms) the server sent, if any. */
  retryMs?: number;
  /** Resolves with the first event (already received or coming) that matches; rejects after timeoutMs. */
  next(match: (e: RealtimeEvent) => boolean, timeoutMs?: number): Promise<RealtimeEvent>;
  close(): void;
  closed: Promise<void>;
}

/**
 * Opens GET /api/realtime as a browser's EventSource would and parses the `data:` frames. Resolves once
 * the first frame arrived (the stream is registered on the server); rejects with the status otherwise.
 */
export function connectSse(
  baseUrl: string,
  token: string,
  headers: Record<string, string> = {},
  /** Called for every event as it arrives (benchmarks time deliveries with it). */
  onEvent?: (event: RealtimeEvent, receivedAt: number) => void,
): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const events: RealtimeEvent[] = [];
    const waiters = new Set<{ match: (e: RealtimeEvent) => boolean; done: (e: RealtimeEvent) => void }>();
    let closeResolve!: () => void;
    const closed = new Promise<void>((r) => {
      closeResolve = r;
    });
    const req = request(`${baseUrl}/api/realtime`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, ...headers },
    });
    let opened = false;
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(Object.assign(new Error(`realtime: ${res.statusCode}`), { status: res.statusCode }));
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
          const retry = /^retry: ?(\d+)$/m.exec(frame);
          if (retry) client.retryMs = Number(retry[1]);
          const data = frame
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (!data) continue;
          const event = JSON.parse(data) as RealtimeEvent;
          if (onEvent) onEvent(event, performance.now());
          else events.push(event);
          for (const w of waiters) {
            if (w.match(event)) {
              waiters.delete(w);
              w.done(event);
            }
          }
          if (!opened) {
            opened = true;
            resolve(client);
          }
        }
      });
      res.on('close', () => closeResolve());
    });
    req.on('error', (err) => {
      closeResolve();
      if (!opened) reject(err);
    });
    req.end();
    const client: SseClient = {
      events,
      closed,
      next(match, timeoutMs = 1000) {
        const seen = events.find(match);
        if (seen) return Promise.resolve(seen);
        return new Promise((res, rej) => {
          const w = {
            match,
            done: (e: RealtimeEvent) => {
              clearTimeout(timer);
              res(e);
            },
          };
          const timer = setTimeout(() => {
            waiters.delete(w);
            rej(new Error(`no matching realtime event within ${timeoutMs} ms`));
          }, timeoutMs);
          waiters.add(w);
        });
      },
      close() {
        req.destroy();
      },
    };
  });
}
