import { PARISHES } from '../../../shared/catalog';
import {
  BACKUP_MESSAGES,
  BACKUP_RULES,
  type BackupCause,
  type BackupClosedReason,
  type BackupOffer,
  type BackupOffers,
  type RebookAnswer,
} from '../../../shared/contracts/backups';
import type { BookingView } from '../../../shared/contracts/bookings';
import { centsToDecimal, formatJmd, priceBooking, toCents } from '../../../shared/money';
import { parishesWithinTravel, parishTravel, travelLabel } from '../../../shared/parish-adjacency';
import { parishDistanceKm } from '../../../shared/parish-distance';
import { initial } from '../../../shared/public-profile';
import type { Mail, Mailer } from '../../adapters/mailer';
import type { Db, Tx } from '../../db/client';
import { conflict } from '../../errors';
import type { Actor, BackupBooking, BookingRow } from '../bookings';
import type { BackupCandidate, BackupCandidateQuery } from '../caregiver-directory';
import type { BackupHolds, MovedHold } from '../payments';

/** Higher = more reliable; built by the reliability feature and wired in services.ts (none: no ranking). */
export type ReliabilityRank = (tx: Tx, caregiverIds: number[]) => Promise<Map<number, number>>;

export interface BackupDeps {
  db: Db;
  mailer: Mailer;
  bookings: BackupBookings;
  holds: BackupHolds;
  reliabilityRank?: ReliabilityRank;
  now?: () => Date;
  /** Caregivers who could replace the one who dropped out (the caregiver directory). */
  candidates: (tx: Tx, q: BackupCandidateQuery) => Promise<BackupCandidate[]>;
  /** Whether the caregiver checked in (visits): offers open on a no-show only. */
  visits: { checkedIn(tx: Tx, bookingId: number): Promise<boolean> };
}

/**
 * What backup offers ask of bookings (ADR 0034), each inside the offer's transaction but `get`: the family
 * side's booking (locked), its live backup, a backup request written through the same path as any request,
 * the original cancelled as its caregiver's no-show, and the new booking as its family sees it.
 */
export interface BackupBookings {
  /** The booking, locked, when `actor` is its family side (403 for its caregiver, 404 for anyone else). */
  openForFamily(tx: Tx, actor: Actor, id: number): Promise<BackupBooking>;
  /** The backup booked for `id` that still stands, if any. */
  liveBackupOf(tx: Tx, id: number): Promise<BookingRow | undefined>;
  /** The backup request: the original's time at the new caregiver's rate, pending, linked to the original. */
  writeBackupRequest(
    tx: Tx,
    actor: Actor,
    original: BookingRow,
    caregiverId: number,
    at: Date,
  ): Promise<{ row: BookingRow; mails: Mail[] }>;
  /** The original ends, cancelled by the system as its caregiver's no-show; the mails for after commit. */
  cancelAsNoShow(tx: Tx, original: BookingRow, at: Date): Promise<Mail[]>;
  /** A booking as `actor` sees it. */
  get(actor: Actor, id: number): Promise<BookingView>;
}

/** How many candidates the database returns before the reliability order picks three. */
const CANDIDATES = 30;

interface BackupState {
  bb: BackupBooking;
  cause: BackupCause | null;
  closed: BackupClosedReason | null;
  live: BookingRow | undefined;
}

/** Why a booking is (or is not) open for backups at `at`, its row locked in `tx`. */
async function stateOf(ctx: Required<BackupDeps>, tx: Tx, actor: Actor, id: number, at: Date) {
  const bb = await ctx.bookings.openForFamily(tx, actor, id);
  const b = bb.booking;
  const live = await ctx.bookings.liveBackupOf(tx, id);
  let cause: BackupCause | null = null;
  let closed: BackupClosedReason | null = null;
  if (bb.cancelledByCaregiver) cause = 'caregiver_cancelled';
  else if (b.status === 'cancelled' && b.cancelReason === 'no_show') cause = 'no_show';
  else if (b.status === 'confirmed') {
    if (await ctx.visits.checkedIn(tx, id)) closed = 'checked_in';
    else if (at.getTime() < b.startsAt.getTime() + BACKUP_RULES.noShowAfterMs) closed = 'not_yet';
    else cause = 'no_show';
  } else closed = 'not_dropped';
  if (live) closed = 'rebooked';
  const until = Math.min(b.startsAt.getTime() + BACKUP_RULES.openAfterStartMs, b.endsAt.getTime());
  if (cause && !closed && at.getTime() >= until) closed = 'too_late';
  return { bb, cause, closed, live } satisfies BackupState;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Plain words for an offer: where they are from the family, and their rate against the booking's. */
function reasonFor(c: BackupCandidate, place: BackupBooking['place'], bookingRate: number): string {
  const where =
    place.town && c.town === place.town
      ? 'Same town'
      : (travelLabel(place.parish, c.parish) ?? (c.parish ? `From ${c.parish}` : 'Further away'));
  const rate = toCents(c.hourlyRate);
  const cost =
    rate <= bookingRate ? 'within your rate' : `${formatJmd(rate - bookingRate)} an hour more than your rate`;
  return `${where} · ${cost}`;
}

/**
 * Nearest first (town, parish, the next parishes by distance, then any other), then reliability, then rate.
 * The query already keeps to the booking's parish and its neighbours when the parish is known.
 */
function placeTier(c: BackupCandidate, place: BackupBooking['place']): number {
  if (place.town && c.town === place.town) return 0;
  const travel = parishTravel(place.parish, c.parish);
  if (travel === 'same') return 1;
  const byDistance = [...PARISHES].sort(
    (a, b) => parishDistanceKm(place.parish, a) - parishDistanceKm(place.parish, b),
  );
  const i = byDistance.indexOf(c.parish as (typeof PARISHES)[number]);
  return 2 + (travel === 'next' ? 0 : PARISHES.length) + (i < 0 ? PARISHES.length : i);
}

/** Up to three offers for the dropped booking, computed now (no stored list to go stale). */
async function offersFor(ctx: Required<BackupDeps>, tx: Tx, bb: BackupBooking): Promise<BackupOffer[]> {
  const b = bb.booking;
  const kind = bb.caregiver.kinds[0];
  if (!kind) return [];
  const rate = toCents(b.hourlyRate);
  const candidates = await ctx.candidates(tx, {
    kind,
    minRateCents: Math.ceil((rate * (100 - BACKUP_RULES.ratePercent)) / 100),
    maxRateCents: Math.floor((rate * (100 + BACKUP_RULES.ratePercent)) / 100),
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    excludeCaregiverId: bb.caregiver.id,
    excludeUserId: b.familyId,
    town: bb.place.town,
    parish: bb.place.parish,
    // Only as far as the next parish (issue 32): a Lucea caregiver is not sent to Half Way Tree.
    parishes: parishesWithinTravel(bb.place.parish) ?? undefined,
    limit: CANDIDATES,
  });
  const ranks = await ctx.reliabilityRank(
    tx,
    candidates.map((c) => c.caregiverId),
  );
  const rankOf = (c: BackupCandidate) => ranks.get(c.caregiverId) ?? Number.NEGATIVE_INFINITY;
  const sorted = [...candidates].sort(
    (x, y) =>
      placeTier(x, bb.place) - placeTier(y, bb.place) ||
      (rankOf(y) === rankOf(x) ? 0 : rankOf(y) > rankOf(x) ? 1 : -1) ||
      toCents(x.hourlyRate) - toCents(y.hourlyRate) ||
      x.caregiverId - y.caregiverId,
  );
  return sorted.slice(0, BACKUP_RULES.maxOffers).map((c) => ({
    caregiverId: c.caregiverId,
    firstName: c.firstName,
    lastInitial: initial(c.lastName),
    profileImageUrl: c.profileImageUrl,
    town: c.town,
    parish: (PARISHES as readonly string[]).includes(c.parish ?? '')
      ? (c.parish as (typeof PARISHES)[number])
      : null,
    hourlyRate: c.hourlyRate,
    totalCost: centsToDecimal(priceBooking(toCents(c.hourlyRate), b.duration).total),
    reason: capital(reasonFor(c, bb.place, rate)),
    travel: travelLabel(bb.place.parish, c.parish),
  }));
}

/** What the family reads after the tap: where the booking and the hold stand. */
function rebookMessage(name: string, hold: MovedHold): string {
  const sent = `Backup request sent to ${name}: they must accept it within ${BACKUP_RULES.answerWithinMs / 3_600_000} hours.`;
  switch (hold.outcome) {
    case 'moved':
      return `${sent} Your hold moved to it: ${formatJmd(hold.amount)}${hold.released > 0 ? `, and ${formatJmd(hold.released)} went back to your card` : ''}. You are not charged twice.`;
    case 'raised':
      return `${sent} Your hold moved to it and was raised to ${formatJmd(hold.amount)} for the new rate. You are not charged twice.`;
    case 'released':
      return `${sent} Your hold of ${formatJmd(hold.released)} was released in full (it could not be moved); pay for the new booking from your bookings.`;
    case 'none':
      return `${sent} Nothing was held for the cancelled booking; pay for the new one from your bookings.`;
  }
}

/**
 * Backup offers when a caregiver drops out (a cancellation of a confirmed booking, or no check-in 15 minutes
 * after the start) and the one-tap rebook that moves the family's hold (ADR 0034).
 */
export function createBackupService(deps: BackupDeps) {
  const ctx: Required<BackupDeps> = {
    ...deps,
    now: deps.now ?? (() => new Date()),
    reliabilityRank: deps.reliabilityRank ?? (async () => new Map()),
  };
  const { db } = ctx;

  return {
    /** GET /api/bookings/:id/backups: the family side only (403 its caregiver, 404 anyone else). */
    async offers(actor: Actor, id: number): Promise<BackupOffers> {
      const at = ctx.now();
      return db.transaction(async (tx) => {
        const st = await stateOf(ctx, tx, actor, id, at);
        const held = st.cause ? await ctx.holds.heldFor(tx, st.bb.booking) : undefined;
        const open = st.cause !== null && st.closed === null;
        return {
          bookingId: id,
          open,
          cause: st.cause,
          closedReason: st.closed ? BACKUP_MESSAGES.closedReasons[st.closed] : null,
          rebookedTo: st.live?.id ?? null,
          hold: held
            ? { amount: centsToDecimal(held.amount), until: held.until?.toISOString() ?? null }
            : null,
          offers: open ? await offersFor(ctx, tx, st.bb) : [],
        };
      });
    },

    /**
     * POST /api/bookings/:id/rebook: one of the current offers becomes a pending request with the same
     * details; the hold moves to it; a no-show's booking ends. The original's row lock serialises taps, so a
     * second tap for the same caregiver answers the booking the first made (and the unique index stands
     * behind it); another caregiver after a rebook is a 409.
     */
    async rebook(actor: Actor, id: number, caregiverId: number): Promise<RebookAnswer> {
      const at = ctx.now();
      const result = await db.transaction(async (tx) => {
        const st = await stateOf(ctx, tx, actor, id, at);
        if (st.live) {
          if (st.live.caregiverId !== caregiverId)
            throw conflict(BACKUP_MESSAGES.alreadyRebooked, 'BOOKING_ALREADY_REBOOKED');
          const held = await ctx.holds.heldFor(tx, st.live);
          const hold: MovedHold = held
            ? { outcome: 'moved', amount: held.amount, released: 0 }
            : { outcome: 'none', amount: 0, released: 0 };
          return { newId: st.live.id, hold, mails: [] as Mail[], replay: true };
        }
        if (!st.cause || st.closed) throw conflict(BACKUP_MESSAGES.notOpen, 'BACKUP_NOT_OPEN');
        const offers = await offersFor(ctx, tx, st.bb);
        if (!offers.some((o) => o.caregiverId === caregiverId))
          throw conflict(BACKUP_MESSAGES.notOffered, 'BACKUP_NOT_OFFERED');
        const original = st.bb.booking;
        const { row, mails } = await ctx.bookings.writeBackupRequest(tx, actor, original, caregiverId, at);
        const hold = await ctx.holds.move(tx, original, row, at);
        const ended =
          original.status === 'confirmed' ? await ctx.bookings.cancelAsNoShow(tx, original, at) : [];
        return { newId: row.id, hold, mails: [...mails, ...ended], replay: false };
      });
      for (const m of result.mails) {
        try {
          await ctx.mailer.send(m);
        } catch {
          // In-app notices were written with the change; e-mail is best effort.
        }
      }
      const booking = await ctx.bookings.get(actor, result.newId);
      const name = `${booking.caregiver.firstName} ${initial(booking.caregiver.lastName)}.`;
      return {
        booking,
        hold: {
          outcome: result.hold.outcome,
          amount: centsToDecimal(result.hold.amount),
          released: centsToDecimal(result.hold.released),
        },
        message: result.replay
          ? `Backup requested: ${name} (${booking.status === 'confirmed' ? 'accepted' : booking.status === 'pending' ? 'waiting for their answer' : booking.status}).`
          : rebookMessage(name, result.hold),
      };
    },
  };
}
