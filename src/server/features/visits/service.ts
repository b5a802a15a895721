import {
  type CheckInRequest,
  VISIT_MESSAGES,
  VISIT_RULES,
  type VisitEntry,
  type VisitEntryDetails,
  type VisitEntryKind,
  type VisitLog,
  type VisitLogRequest,
  type VisitPhotoFields,
} from '../../../shared/contracts/visits';
import { billedMinutes } from '../../../shared/money';
import type { Mail, Mailer } from '../../adapters/mailer';
import type { FileStorage } from '../../adapters/storage';
import { publish } from '../../core/realtime-bus';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Upload } from '../../plugins/uploads';
import type { Actor, VisitBooking } from '../bookings';
import { effectiveTime } from './effective-time';
import { visitNotices } from './notices';
import { storeVisitPhoto, VISIT_PHOTO_TYPE } from './photo';
import type { VisitBookings, VisitCircleRules, VisitNotices } from './ports';
import { toVisitEntry, type VisitEntryRow, visitRepo } from './repo';

export interface VisitDeps {
  db: Db;
  mailer: Mailer;
  storage: FileStorage;
  publicUrl: string;
  /** Bookings with their parties (bookings). */
  bookings: VisitBookings;
  /** Who may see a visit, and the care circle's members (circles). */
  circles: VisitCircleRules;
  /** Booking notices to several people (notifications). */
  notices: VisitNotices;
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
  /** A photo's image, already stored (removed again when the write does not happen). */
  storageKey?: string;
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

/** The phone's time as sent, bounded by the server's (400 outside the bounds); the server's when left out. */
function recordedAtOf(value: string | undefined, at: Date): Date {
  if (value === undefined) return at;
  const t = new Date(value);
  const ms = t.getTime() - at.getTime();
  if (ms > VISIT_RULES.recordedAheadMs || -ms > VISIT_RULES.recordedBehindMs)
    throw badRequest(VISIT_MESSAGES.recordedAt, [{ path: 'recordedAt', message: VISIT_MESSAGES.recordedAt }]);
  return t;
}

/**
 * The time the rules use for a new entry (ADR 0040): the server's receipt, or the phone's time within the
 * offline allowance (after the last contact before an offline gap, never before check-in opened, the check-in
 * or the latest entry, never in the future). A phone's time further back than a clock's error from check-in
 * opening (a check-in) or from the check-in (anything else) is refused with a 400.
 */
async function effectiveOf(
  tx: Tx,
  vb: VisitBooking,
  kind: VisitEntryKind,
  state: CheckState,
  recordedAt: Date,
  at: Date,
) {
  const b = vb.booking;
  const checkIn = kind === 'check_in' ? undefined : state.checkIn;
  const floor = checkIn ? checkIn.effectiveAt : new Date(b.startsAt.getTime() - VISIT_RULES.checkInEarlyMs);
  const effective = effectiveTime({
    receivedAt: at,
    recordedAt,
    floor,
    previous: await visitRepo.lastEffective(tx, b.id),
    contacts: await visitRepo.contactsOf(tx, b.id, vb.caregiver.userId, at),
  });
  if (effective) return effective;
  const message = checkIn ? VISIT_MESSAGES.recordedBeforeCheckIn : VISIT_MESSAGES.recordedBeforeWindow;
  throw badRequest(message, [{ path: 'recordedAt', message }]);
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
  const { db, mailer, storage, publicUrl } = deps;
  const { bookings, circles } = deps;
  const { familySide, notifyCheck, notifyIncident, notifyNoShow } = visitNotices(circles, deps.notices);
  const now = deps.now ?? (() => new Date());

  /** Who may read the log: admin, the family, the caregiver once it reached them, a circle member. */
  async function mayRead(tx: Tx, actor: Actor, vb: VisitBooking) {
    if (actor.userType === 'admin' || vb.family.userId === actor.id) return true;
    if (vb.caregiver.userId === actor.id) return vb.caregiverSees;
    const circleId = vb.booking.circleId;
    return circleId !== null && (await circles.decide(tx, circleId, actor.id, 'view')) === 'allowed';
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
   * Who may write and whether `clientId` was seen: only the booking's caregiver (someone who may read the log
   * gets 403, anyone else 404); a clientId seen before answers its first entry; else the window rule (409).
   */
  async function admit(
    tx: Tx,
    actor: Actor,
    bookingId: number,
    spec: WriteSpec | undefined,
    at: Date,
  ): Promise<
    | { vb: VisitBooking; seen: VisitEntryRow; state?: undefined }
    | { vb: VisitBooking; seen?: undefined; state: CheckState | undefined }
  > {
    const vb = await bookings.find(tx, bookingId, { lock: spec !== undefined });
    if (!vb) throw notFound(NOT_FOUND);
    if (vb.caregiver.userId !== actor.id || !vb.caregiverSees) {
      if (await mayRead(tx, actor, vb)) throw forbidden(VISIT_MESSAGES.notCaregiver);
      throw notFound(NOT_FOUND);
    }
    if (!spec) return { vb, state: undefined };
    const seen = await visitRepo.byClientId(tx, bookingId, spec.clientId);
    if (seen) {
      if (seen.kind !== spec.kind) throw conflict(VISIT_MESSAGES.clientIdReused, 'VISIT_ALREADY_RECORDED');
      return { vb, seen };
    }
    const state = await visitRepo.checkInOut(tx, bookingId);
    assertOpen(spec.kind, vb, state, at);
    return { vb, state };
  }

  /** One write, in one transaction with the booking locked (admit's rules). */
  async function write(actor: Actor, bookingId: number, spec: WriteSpec) {
    const at = now();
    const { row, replayed, mails } = await db.transaction(async (tx) => {
      const admitted = await admit(tx, actor, bookingId, spec, at);
      const { vb, seen } = admitted;
      if (seen) return { row: seen, replayed: true, mails: [] as Mail[] };
      // A new write always comes back with its visit's check-in and check-out (admit checked its window).
      const state = admitted.state ?? (await visitRepo.checkInOut(tx, bookingId));
      const recordedAt = recordedAtOf(spec.recordedAt, at);
      const effectiveAt = await effectiveOf(tx, vb, spec.kind, state, recordedAt, at);
      const row: VisitEntryRow = await visitRepo.insert(tx, {
        bookingId,
        kind: spec.kind,
        clientId: spec.clientId,
        authorUserId: actor.id,
        details: spec.details,
        recordedAt,
        receivedAt: at,
        effectiveAt,
        locationAccuracyM: spec.accuracy === undefined ? null : Math.round(spec.accuracy),
        storageKey: spec.storageKey ?? null,
      });
      // Every kind (a photo too) reaches the readers as the entry alone: no image, no URL, no key.
      await publish(tx, await audience(tx, vb), { type: 'visit_log', bookingId, entry: toVisitEntry(row) });
      const d = spec.details;
      const mails =
        spec.kind === 'incident' && d.severity && d.text
          ? await notifyIncident(tx, publicUrl, vb, { severity: d.severity, text: d.text }, at)
          : spec.kind === 'check_in' || spec.kind === 'check_out'
            ? await notifyCheck(tx, publicUrl, vb, spec.kind, at)
            : [];
      return { row, replayed: false, mails };
    });
    await send(mails);
    return { entry: toVisitEntry(row), replayed };
  }

  /** Stores a photo, then writes its entry; the stored image is removed when no new entry took it. */
  async function writePhoto(actor: Actor, bookingId: number, fields: VisitPhotoFields, upload: Upload) {
    const spec: WriteSpec = {
      kind: 'photo',
      clientId: fields.clientId,
      recordedAt: fields.recordedAt,
      details: {},
    };
    // Checked first without storing anything: a replay answers at once, a closed log costs no image work.
    const seen = await db.transaction(async (tx) => (await admit(tx, actor, bookingId, spec, now())).seen);
    if (seen) return { entry: toVisitEntry(seen), replayed: true };
    recordedAtOf(spec.recordedAt, now());
    const photo = await storeVisitPhoto(storage, bookingId, upload);
    const details = { caption: fields.caption, width: photo.width, height: photo.height };
    try {
      const result = await write(actor, bookingId, { ...spec, details, storageKey: photo.key });
      if (result.replayed) await storage.delete(photo.key).catch(() => {});
      return result;
    } catch (err) {
      await storage.delete(photo.key).catch(() => {});
      throw err;
    }
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

    /** Before a photo's body is read: only the booking's caregiver goes on (403 the family side, 404 others). */
    assertMayAddPhoto: (actor: Actor, id: number) =>
      db.transaction(async (tx) => void (await admit(tx, actor, id, undefined, now()))),

    addPhoto: writePhoto,

    /** A photo's bytes, for those who may read the log (404 for anyone else, as for an unknown entry). */
    async photo(actor: Actor, bookingId: number, entryId: number) {
      const key = await db.transaction(async (tx) => {
        const vb = await bookings.find(tx, bookingId);
        if (!vb || !(await mayRead(tx, actor, vb))) throw notFound(VISIT_MESSAGES.photoNotFound);
        return visitRepo.photoKey(tx, bookingId, entryId);
      });
      const body = key ? await storage.get(key) : undefined;
      if (!body) throw notFound(VISIT_MESSAGES.photoNotFound);
      return { body, contentType: VISIT_PHOTO_TYPE };
    },

    async log(actor: Actor, bookingId: number): Promise<VisitLog> {
      return db.transaction(async (tx) => {
        const vb = await bookings.find(tx, bookingId);
        if (!vb || !(await mayRead(tx, actor, vb))) throw notFound(NOT_FOUND);
        // The caregiver's phone reading its visit: a contact, the evidence of when it was online (ADR 0040).
        if (vb.caregiver.userId === actor.id) await visitRepo.recordContact(tx, bookingId, actor.id, now());
        const rows = await visitRepo.list(tx, bookingId);
        const first = (kind: VisitEntryKind) =>
          rows.find((r) => r.kind === kind)?.effectiveAt.toISOString() ?? null;
        const checkedInAt = first('check_in');
        const checkedOutAt = first('check_out');
        const spent =
          checkedInAt && checkedOutAt ? (Date.parse(checkedOutAt) - Date.parse(checkedInAt)) / 60_000 : null;
        return {
          bookingId,
          checkedInAt,
          checkedOutAt,
          billedMinutes: spent === null ? null : billedMinutes(spent, vb.booking.duration),
          entries: rows.map(toVisitEntry),
        };
      });
    },

    /**
     * The no-show job: every confirmed booking that started 15 minutes to 2 hours ago without a check-in
     * gets one "no-show?" notice to its family and caregiver (a row claims it, so reruns send nothing).
     */
    async runNoShows(at: Date, signal?: AbortSignal): Promise<number> {
      const ids = await bookings.confirmedStartingBetween(
        db,
        new Date(at.getTime() - VISIT_RULES.noShowLookBackMs),
        new Date(at.getTime() - VISIT_RULES.noShowAfterMs),
      );
      let sent = 0;
      for (const id of ids) {
        if (signal?.aborted) break;
        const mails = await db.transaction(async (tx) => {
          const vb = await bookings.find(tx, id, { lock: true });
          if (vb?.booking.status !== 'confirmed') return [];
          if ((await visitRepo.checkInOut(tx, id)).checkIn) return [];
          if (!(await visitRepo.claimNoShowNotice(tx, id, at))) return [];
          sent++;
          return notifyNoShow(tx, publicUrl, vb, at);
        });
        await send(mails);
      }
      return sent;
    },
  };
}

/**
 * What the payments feature reads of a visit, in its own transaction: the check-in and check-out effective
 * times (the server's receipt, or the phone's within the offline allowance: ADR 0040), or undefined unless both
 * were recorded. Completion charges for that time (ADR 0032).
 */
/** Where a visit stands: its check-in and check-out, and how many incidents the log records. */
interface VisitState {
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  incidents: number;
}

export const visitTimes = {
  async of(tx: Tx, bookingId: number): Promise<{ checkedInAt: Date; checkedOutAt: Date } | undefined> {
    const { checkIn, checkOut } = await visitRepo.checkInOut(tx, bookingId);
    if (!checkIn || !checkOut) return undefined;
    return { checkedInAt: checkIn.effectiveAt, checkedOutAt: checkOut.effectiveAt };
  },
  /** Where each visit stands (issue 32: live state on the homes and lists): its check-in and check-out. */
  async statesOf(tx: Tx, bookingIds: number[]): Promise<Map<number, VisitState>> {
    const out = new Map<number, VisitState>();
    for (const r of await visitRepo.checkInsOutsOf(tx, bookingIds)) {
      const s = out.get(r.bookingId) ?? { checkedInAt: null, checkedOutAt: null, incidents: 0 };
      if (r.kind === 'check_in') s.checkedInAt = r.at;
      else if (r.kind === 'check_out') s.checkedOutAt = r.at;
      else s.incidents += 1;
      out.set(r.bookingId, s);
    }
    return out;
  },
  /** Whether the caregiver checked in (backup offers open on a no-show only: ADR 0034). */
  async checkedIn(tx: Tx, bookingId: number): Promise<boolean> {
    return (await visitRepo.checkInOut(tx, bookingId)).checkIn !== undefined;
  },
};
export type { VisitEntry };
