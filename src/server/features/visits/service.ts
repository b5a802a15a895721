import {
  type CheckInRequest,
  VISIT_MESSAGES,
  VISIT_RULES,
  type VisitEntry,
  type VisitEntryDetails,
  type VisitEntryKind,
  type VisitLog,
  type VisitLogRequest,
} from '../../../shared/contracts/visits';
import type { Mail, Mailer } from '../../adapters/mailer';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Actor } from '../bookings/service';
import { bookingsForVisits, type VisitBooking } from '../bookings/service';
import { circleBookingRules } from '../circles/service';
import { publish } from '../realtime/publish';
import { familySide, notifyIncident, notifyNoShow } from './notices';
import { toVisitEntry, type VisitEntryRow, visitRepo } from './repo';

export interface VisitDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
}

const NOT_FOUND = 'This booking does not exist or is not yours.';

/** What one write needs: its kind, details and the rule of its time window. */
interface WriteSpec {
  kind: VisitEntryKind;
  clientId: string;
  recordedAt?: string;
  details: VisitEntryDetails;
  accuracy?: number;
}

type CheckState = Awaited<ReturnType<typeof visitRepo.checkInOut>>;

/** Whether the window is open for `kind` at `at`; throws the 409 that says why not. */
function assertOpen(kind: VisitEntryKind, vb: VisitBooking, state: CheckState, at: Date) {
  const b = vb.booking;
  if (kind === 'check_in') {
    if (b.status !== 'confirmed') throw conflict(VISIT_MESSAGES.notConfirmed, 'VISIT_NOT_OPEN');
    if (state.checkIn) throw conflict(VISIT_MESSAGES.alreadyCheckedIn, 'VISIT_ALREADY_RECORDED');
    if (at.getTime() < b.startsAt.getTime() - VISIT_RULES.checkInEarlyMs)
      throw conflict(VISIT_MESSAGES.tooEarly, 'VISIT_NOT_OPEN');
    if (at >= b.endsAt) throw conflict(VISIT_MESSAGES.ended, 'VISIT_NOT_OPEN');
    return;
  }
  if (!state.checkIn) throw conflict(VISIT_MESSAGES.notCheckedIn, 'VISIT_NOT_OPEN');
  if (kind === 'check_out') {
    if (state.checkOut) throw conflict(VISIT_MESSAGES.alreadyCheckedOut, 'VISIT_ALREADY_RECORDED');
    return;
  }
  if (state.checkOut && at.getTime() > state.checkOut.receivedAt.getTime() + VISIT_RULES.logGraceMs)
    throw conflict(VISIT_MESSAGES.logClosed, 'VISIT_NOT_OPEN');
}

/** The phone's time, bounded by the server's (400 outside the bounds); the server's when left out. */
function recordedAtOf(value: string | undefined, at: Date): Date {
  if (value === undefined) return at;
  const t = new Date(value);
  const ms = t.getTime() - at.getTime();
  if (ms > VISIT_RULES.recordedAheadMs || -ms > VISIT_RULES.recordedBehindMs)
    throw badRequest(VISIT_MESSAGES.recordedAt, [{ path: 'recordedAt', message: VISIT_MESSAGES.recordedAt }]);
  return t;
}

function logDetails(input: VisitLogRequest): VisitEntryDetails {
  const { kind: _k, clientId: _c, recordedAt: _r, ...details } = input;
  return details;
}

/**
 * The visit log (issue 19, ADR 0028): the booking's caregiver checks in, records and checks out; the
 * family, the care circle's members (viewers included), the caregiver and admins read it.
 */
export function createVisitService(deps: VisitDeps) {
  const { db, mailer, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  /** Who may read the log: admin, the family, the caregiver once it reached them, a circle member. */
  async function mayRead(tx: Tx, actor: Actor, vb: VisitBooking) {
    if (actor.userType === 'admin' || vb.family.userId === actor.id) return true;
    if (vb.caregiver.userId === actor.id) return vb.caregiverSees;
    const circleId = vb.booking.circleId;
    return (
      circleId !== null && (await circleBookingRules.decide(tx, circleId, actor.id, 'view')) === 'allowed'
    );
  }

  /** Everyone who reads the log live: the family side and the caregiver. */
  async function audience(tx: Tx, vb: VisitBooking) {
    return [vb.caregiver.userId, ...(await familySide(tx, vb)).map((p) => p.userId)];
  }

  async function send(mails: Mail[]) {
    for (const m of mails) {
      try {
        await mailer.send(m);
      } catch {
        // The in-app notification was written with the entry; e-mail is best effort.
      }
    }
  }

  /**
   * One write, in one transaction with the booking locked: only its caregiver (someone who may read the
   * log gets 403, anyone else 404); a clientId seen before answers its first entry; else the window rule.
   */
  async function write(actor: Actor, bookingId: number, spec: WriteSpec) {
    const at = now();
    const { row, replayed, mails } = await db.transaction(async (tx) => {
      const vb = await bookingsForVisits.find(tx, bookingId, { lock: true });
      if (!vb) throw notFound(NOT_FOUND);
      if (vb.caregiver.userId !== actor.id || !vb.caregiverSees) {
        if (await mayRead(tx, actor, vb)) throw forbidden(VISIT_MESSAGES.notCaregiver);
        throw notFound(NOT_FOUND);
      }
      const seen = await visitRepo.byClientId(tx, bookingId, spec.clientId);
      if (seen) {
        if (seen.kind !== spec.kind) throw conflict(VISIT_MESSAGES.clientIdReused, 'VISIT_ALREADY_RECORDED');
        return { row: seen, replayed: true, mails: [] as Mail[] };
      }
      assertOpen(spec.kind, vb, await visitRepo.checkInOut(tx, bookingId), at);
      const row: VisitEntryRow = await visitRepo.insert(tx, {
        bookingId,
        kind: spec.kind,
        clientId: spec.clientId,
        authorUserId: actor.id,
        details: spec.details,
        recordedAt: recordedAtOf(spec.recordedAt, at),
        receivedAt: at,
        locationAccuracyM: spec.accuracy === undefined ? null : Math.round(spec.accuracy),
      });
      await publish(tx, await audience(tx, vb), { type: 'visit_log', bookingId, entry: toVisitEntry(row) });
      const d = spec.details;
      const mails =
        spec.kind === 'incident' && d.severity && d.text
          ? await notifyIncident(tx, publicUrl, vb, { severity: d.severity, text: d.text })
          : [];
      return { row, replayed: false, mails };
    });
    await send(mails);
    return { entry: toVisitEntry(row), replayed };
  }

  const checkWrite = (kind: 'check_in' | 'check_out') => (actor: Actor, id: number, body: CheckInRequest) =>
    write(actor, id, {
      kind,
      clientId: body.clientId,
      recordedAt: body.recordedAt,
      details: {},
      // Only with consent (the contract refuses a position without it); the position itself is not kept.
      accuracy: body.consent ? body.accuracy : undefined,
    });

  return {
    checkIn: checkWrite('check_in'),
    checkOut: checkWrite('check_out'),

    addEntry: (actor: Actor, id: number, body: VisitLogRequest) =>
      write(actor, id, {
        kind: body.kind,
        clientId: body.clientId,
        recordedAt: body.recordedAt,
        details: logDetails(body),
      }),

    async log(actor: Actor, bookingId: number): Promise<VisitLog> {
      return db.transaction(async (tx) => {
        const vb = await bookingsForVisits.find(tx, bookingId);
        if (!vb || !(await mayRead(tx, actor, vb))) throw notFound(NOT_FOUND);
        const rows = await visitRepo.list(tx, bookingId);
        const first = (kind: VisitEntryKind) =>
          rows.find((r) => r.kind === kind)?.recordedAt.toISOString() ?? null;
        return {
          bookingId,
          checkedInAt: first('check_in'),
          checkedOutAt: first('check_out'),
          entries: rows.map(toVisitEntry),
        };
      });
    },

    /**
     * The no-show job: every confirmed booking that started 15 minutes to 2 hours ago without a check-in
     * gets one "no-show?" notice to its family and caregiver (a row claims it, so reruns send nothing).
     */
    async runNoShows(at: Date, signal?: AbortSignal): Promise<number> {
      const ids = await bookingsForVisits.confirmedStartingBetween(
        db,
        new Date(at.getTime() - VISIT_RULES.noShowLookBackMs),
        new Date(at.getTime() - VISIT_RULES.noShowAfterMs),
      );
      let sent = 0;
      for (const id of ids) {
        if (signal?.aborted) break;
        const mails = await db.transaction(async (tx) => {
          const vb = await bookingsForVisits.find(tx, id, { lock: true });
          if (vb?.booking.status !== 'confirmed') return [];
          if ((await visitRepo.checkInOut(tx, id)).checkIn) return [];
          if (!(await visitRepo.claimNoShowNotice(tx, id, at))) return [];
          sent++;
          return notifyNoShow(tx, publicUrl, vb);
        });
        await send(mails);
      }
      return sent;
    },
  };
}

export type VisitService = ReturnType<typeof createVisitService>;
export type { VisitEntry };
