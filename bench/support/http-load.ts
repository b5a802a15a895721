/**
 * An HTTP load client in its own process (forked by `startLoadClient`), so that it takes no event-loop
 * time from the server it measures. Closed loop: `concurrency` keep-alive connections, each sending the
 * next request when the previous answer has been read, for `seconds`. Latencies are timed with
 * process.hrtime.bigint (sub-millisecond; autocannon's are whole milliseconds), from the request to the
 * last byte of the answer.
 *
 * Like wrk, it writes a request built once and reads answers with the least parsing HTTP/1.1 allows
 * (status line, Content-Length or chunked framing), so that the client's own work stays small beside the
 * server's: on two cores the client shares the machine with the server and the database, and a heavy client
 * (undici took 120–230 µs of CPU a request here) would be counted against the server at concurrency 10.
 */
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Child, forkChild } from './server-control';

export interface LoadRequest {
  type: 'run';
  url: string;
  concurrency: number;
  seconds: number;
  headers?: Record<string, string>;
}

export interface LoadRun {
  /** Latency of each request, µs. */
  latenciesUs: number[];
  elapsedMs: number;
  non2xx: number;
  errors: number;
}

export interface LoadClient {
  pid: number;
  run(r: Omit<LoadRequest, 'type'>): Promise<LoadRun>;
  stop(): void;
}

/** Starts the client process; `run` may be called many times (connections stay open between runs). */
export async function startLoadClient(): Promise<LoadClient> {
  const { child } = await forkChild<null>(fileURLToPath(import.meta.url), ['--child']);
  return {
    pid: child.process.pid as number,
    run: (r) => child.request<LoadRun>({ type: 'run', ...r }),
    stop: () => stopChild(child),
  };
}

function stopChild(child: Child) {
  child.process.disconnect();
}

const CRLF2 = Buffer.from('\r\n\r\n');

/**
 * Reads one HTTP/1.1 answer after another from a socket. `feed` takes the bytes as they come and returns
 * the status once an answer is complete (null while it is not). Exported for its test.
 */
export class AnswerReader {
  private buffered: Buffer = Buffer.alloc(0);
  private status = 0;
  /** Bytes of body still to come (Content-Length), or -1 while reading chunked framing, or null before headers. */
  private remaining: number | null = null;

  feed(chunk: Buffer): number[] {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const done: number[] = [];
    for (;;) {
      if (this.remaining === null) {
        const end = this.buffered.indexOf(CRLF2);
        if (end < 0) return done;
        const head = this.buffered.toString('latin1', 0, end);
        this.status = Number(head.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        this.remaining = length ? Number(length[1]) : /\r\ntransfer-encoding:\s*chunked/i.test(head) ? -1 : 0;
        this.buffered = this.buffered.subarray(end + 4);
      }
      if (this.remaining >= 0) {
        if (this.buffered.length < this.remaining) return done;
        this.buffered = this.buffered.subarray(this.remaining);
      } else {
        const rest = skipChunks(this.buffered);
        if (rest === null) return done;
        this.buffered = rest;
      }
      this.remaining = null;
      done.push(this.status);
    }
  }
}

/** The bytes after a complete chunked body, or null when the body has not all arrived. */
function skipChunks(buffer: Buffer): Buffer | null {
  let at = 0;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(buffer.toString('latin1', at, lineEnd), 16);
    if (size === 0) {
      // The last chunk, no trailers: "0\r\n\r\n".
      return buffer.length >= lineEnd + 4 ? buffer.subarray(lineEnd + 4) : null;
    }
    at = lineEnd + 2 + size + 2;
    if (buffer.length < at) return null;
  }
}

interface Connection {
  socket: Socket;
  reader: AnswerReader;
  /** Called with the status of the answer to the request in flight. */
  onAnswer: ((status: number) => void) | null;
  onError: ((err: Error) => void) | null;
}

const connections = new Map<string, Connection[]>();

async function open(host: string, port: number): Promise<Connection> {
  const socket = connect({ host, port, noDelay: true });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const conn: Connection = { socket, reader: new AnswerReader(), onAnswer: null, onError: null };
  socket.on('data', (chunk) => {
    for (const status of conn.reader.feed(chunk)) conn.onAnswer?.(status);
  });
  socket.on('error', (err) => conn.onError?.(err));
  socket.on('close', () => conn.onError?.(new Error('connection closed')));
  return conn;
}

/** `concurrency` keep-alive connections to an origin, kept open between runs. */
async function connectionsFor(url: URL, concurrency: number): Promise<Connection[]> {
  const key = `${url.host} ${concurrency}`;
  let list = connections.get(key);
  if (!list || list.some((c) => c.socket.destroyed)) {
    list = await Promise.all(
      Array.from({ length: concurrency }, () => open(url.hostname, Number(url.port || 80))),
    );
    connections.set(key, list);
  }
  return list;
}

function send(conn: Connection, request: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    conn.onAnswer = resolve;
    conn.onError = reject;
    conn.socket.write(request);
  });
}

async function run(r: LoadRequest): Promise<LoadRun> {
  const url = new URL(r.url);
  const headers = { host: url.host, ...(r.headers ?? {}) };
  const request = Buffer.from(
    `GET ${url.pathname}${url.search} HTTP/1.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}\r\n`,
    'latin1',
  );
  const conns = await connectionsFor(url, r.concurrency);
  const latenciesUs: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = process.hrtime.bigint();
  const end = started + BigInt(Math.round(r.seconds * 1e9));
  await Promise.all(
    conns.map(async (conn) => {
      for (;;) {
        const t0 = process.hrtime.bigint();
        if (t0 >= end) return;
        try {
          const status = await send(conn, request);
          if (status < 200 || status > 299) non2xx += 1;
          latenciesUs.push(Number(process.hrtime.bigint() - t0) / 1000);
        } catch {
          errors += 1;
          return;
        }
      }
    }),
  );
  return { latenciesUs, elapsedMs: Number(process.hrtime.bigint() - started) / 1e6, non2xx, errors };
}

if (process.argv.includes('--child')) {
  process.on('message', (m: { id: number; request: LoadRequest }) => {
    run(m.request).then(
      (body) => process.send?.({ id: m.id, body }),
      (err: Error) => process.send?.({ id: m.id, error: err.stack ?? String(err) }),
    );
  });
  // Stopped, or the benchmark died: leave at once, even mid-run.
  process.on('disconnect', () => process.exit(0));
  process.send?.({ id: 0, body: null });
}
