import { sql } from 'drizzle-orm';
import type { RealtimeEvent } from '../../shared/contracts/messages';
import type { Tx } from '../db/client';

/** The one NOTIFY channel every server instance LISTENs on; payloads say which users an event is for. */
export const REALTIME_CHANNEL = 'yc_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;

export interface RealtimeEnvelope {
  to: number[];
  event: RealtimeEvent;
}

/**
 * Queues `event` for `userIds` on every instance. Call it inside the writing transaction: NOTIFY is
 * delivered on commit only, so nobody hears of a message that was rolled back. A message too large for
 * a NOTIFY payload goes without its text, a visit log entry without the entry (clients fetch them).
 */
export async function publish(tx: Tx, userIds: readonly number[], event: RealtimeEvent): Promise<void> {
  const to = [...new Set(userIds)];
  if (to.length === 0) return;
  let payload = JSON.stringify({ to, event } satisfies RealtimeEnvelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES && event.type === 'message') {
    payload = JSON.stringify({ to, event: { ...event, message: null } } satisfies RealtimeEnvelope);
  }
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES && event.type === 'visit_log') {
    payload = JSON.stringify({ to, event: { ...event, entry: null } } satisfies RealtimeEnvelope);
  }
  await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}
