import { VISIT_RULES } from '../../../shared/contracts/visits';

/** What the server knows when a visit entry arrives (ADR 0040). */
export interface TimeEvidence {
  /** The server's clock now. */
  receivedAt: Date;
  /** The phone's time as sent (receivedAt when it was left out). */
  recordedAt: Date;
  /** The earliest time the rules allow: check-in opening for a check-in, else the check-in's effective time. */
  floor: Date;
  /** The latest effective time already in the log: an entry never counts before an earlier-written one. */
  previous: Date | undefined;
  /**
   * When the server heard from this visit's caregiver about it before this write (reads of the log, entries
   * received), in any order. Only server-side facts: nothing the phone says about itself.
   */
  contacts: Date[];
}

/**
 * Whether the phone's time falls in a gap of contact: the server heard from the phone before it (the last
 * contact before the gap is where the phone lost contact), and not again between it and the stretch of contact
 * this write belongs to (contacts less than `contactGapMs` apart, ending now: the reconnection that sends the
 * queue, oldest first). A phone that was in touch after the time it claims would have sent the entry then.
 */
export function inOfflineGap(recordedAt: Date, receivedAt: Date, contacts: Date[]): boolean {
  const before = contacts
    .map((c) => c.getTime())
    .filter((c) => c < receivedAt.getTime())
    .sort((a, b) => b - a);
  let stretchStart = receivedAt.getTime();
  for (const c of before) {
    if (stretchStart - c <= VISIT_RULES.contactGapMs) {
      stretchStart = c;
      continue;
    }
    // c is the last contact before the gap: the phone lost contact after it.
    const r = recordedAt.getTime();
    return c <= r && r < stretchStart;
  }
  // Never heard from before this stretch: nothing shows the phone was ever offline.
  return false;
}

/**
 * The time the rules use for an entry: the server's receipt time, unless the phone's time is earlier and lies
 * in an offline gap (inOfflineGap); never before `floor` or `previous`, never after the receipt. `undefined`
 * when the phone's time is further before `floor` than a clock's error (`backdateToleranceMs`): the caller
 * refuses it.
 */
export function effectiveTime(e: TimeEvidence): Date | undefined {
  const floor = e.floor.getTime();
  if (e.recordedAt.getTime() < floor - VISIT_RULES.backdateToleranceMs) return undefined;
  const base = inOfflineGap(e.recordedAt, e.receivedAt, e.contacts) ? e.recordedAt : e.receivedAt;
  const lowest = Math.max(floor, e.previous?.getTime() ?? floor);
  return new Date(Math.min(e.receivedAt.getTime(), Math.max(base.getTime(), lowest)));
}
