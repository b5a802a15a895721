import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BOOKING_MESSAGES,
  type BookingListQuery,
  type BookingRefund,
  type BookingView,
} from '../../../shared/contracts/bookings';
import { maxTipCents, TIP_RULES } from '../../../shared/contracts/payments';
import { centsToDecimal, priceBooking, toCents } from '../../../shared/money';
import { REVIEW_WINDOW_MS } from '../../../shared/review-window';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { Actor, BookingCircleRules, BookingContext } from './booking-context';
import { type CircleFacts, circleFactsFor, circleOfBooking } from './circle-view';
import { type BookingJoined, bookingRepo, caregiverSees, caregiverSeesSql } from './repo';
import { trialEndable, trialEndDeadline } from './trial-rules';

type ListInput = z.output<typeof BookingListQuery>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A booking as `viewer` sees it. `circles`: the circles of care-circle bookings (circleFactsFor); without
 * them a circle booking's view has no circle part. A caregiver never sees a family's card (brand, last
 * digits, reference); a circle's viewer (no role) sees no payment at all.
 */
export function toBookingView(
  row: BookingJoined,
  viewer: Pick<Actor, 'id' | 'userType'>,
  circles: CircleFacts = new Map(),
  now: Date = new Date(),
): BookingView {
  const b = row.b;
  const circle = circleOfBooking(row, viewer, circles);
  const isCaregiver = viewer.id === row.cg.userId;
  const circleRoles = b.circleId === null ? undefined : circles.get(b.circleId)?.roles;
  const seesPayment = !(circleRoles?.length === 0 && viewer.id !== b.familyId);
  const rate = toCents(b.hourlyRate);
  const price = priceBooking(rate, b.duration);
  const isFamily = viewer.id === b.familyId;
  const showPhone = isFamily || viewer.userType === 'admin' || b.status === 'confirmed';
  const p = row.payment;
  return {
    id: b.id,
    familyId: b.familyId,
    caregiverId: b.caregiverId,
    status: b.status,
    date: b.date,
    startTime: b.startTime,
    endTime: b.endTime,
    duration: b.duration,
    totalHours: b.duration,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    hourlyRate: b.hourlyRate,
    rate: b.hourlyRate,
    subtotal: centsToDecimal(price.subtotal),
    platformFee: b.platformFee,
    totalCost: b.totalCost,
    totalAmount: b.totalCost,
    notes: b.notes,
    type: row.cg.kinds[0] ?? null,
    createdAt: b.createdAt.toISOString(),
    confirmedAt: iso(b.confirmedAt),
    declinedAt: iso(b.declinedAt),
    expiredAt: iso(b.expiredAt),
    cancelledAt: iso(b.cancelledAt),
    cancelledBy: b.cancelledBy,
    completedAt: iso(b.completedAt),
    caregiver: {
      caregiverId: row.cg.id,
      userId: row.cg.userId,
      firstName: row.cu.firstName,
      lastName: row.cu.lastName,
      profileImageUrl: row.cu.profileImageUrl,
      location: row.cu.location,
    },
    family: {
      userId: row.fu.id,
      firstName: row.fu.firstName,
      lastName: row.fu.lastName,
      profileImageUrl: row.fu.profileImageUrl,
      location: row.fu.location,
      phone: showPhone ? row.fu.phone : null,
    },
    payment:
      p && seesPayment
        ? {
            id: p.id,
            method: p.method,
            status: p.status,
            amount: p.amount,
            capturedAmount: p.capturedAmount,
            cardBrand: isCaregiver ? null : p.cardBrand,
            cardLast4: isCaregiver ? null : p.cardLast4,
            reference: isCaregiver ? null : p.reference,
          }
        : null,
    circle,
    seriesId: b.seriesId,
    rebookedFrom: b.rebookedFrom,
    ...(isFamily && b.status === 'completed' ? { review: reviewState(b, row.reviewed, now) } : {}),
    ...(row.counter && b.status === 'pending'
      ? {
          counterProposal: {
            id: row.counter.id,
            date: row.counter.date,
            startTime: row.counter.startTime,
            endTime: row.counter.endTime,
            note: row.counter.note,
            status: row.counter.status,
            totalCost: centsToDecimal(priceBooking(rate, row.counter.duration).total),
          },
        }
      : {}),
    ...(b.status === 'completed' && seesPayment && (isFamily || isCaregiver || (circleRoles?.length ?? 0) > 0)
      ? {
          tip: row.tip ? { amount: row.tip.amount, at: row.tip.at.toISOString() } : null,
          canTip: canTip(b, row.tip !== null, isFamily, circleRoles, now),
        }
      : {}),
    ...(p && seesPayment && row.refunds.length > 0 ? { refund: refundOf(row, isCaregiver) } : {}),
    ...(b.isTrial ? { isTrial: true } : {}),
    ...(b.isTrial && b.status === 'completed' && (isFamily || isCaregiver || (circleRoles?.length ?? 0) > 0)
      ? {
          trialEnd: {
            canEnd: trialEndable(b, now),
            deadline: trialEndDeadline(b).toISOString(),
          },
        }
      : {}),
  };
}

/**
 * What went back to the payer (ADR 0054): the sum of the payment's refunds, the latest one's cause and date;
 * the card for the payer's side only, what the caregiver keeps (a late fee) for both.
 */
function refundOf(row: BookingJoined, isCaregiver: boolean): BookingRefund {
  const last = row.refunds[row.refunds.length - 1];
  const sum = (f: (r: BookingJoined['refunds'][number]) => string) =>
    centsToDecimal(row.refunds.reduce((s, r) => s + toCents(f(r)), 0));
  const card = !isCaregiver && row.payment?.method === 'card';
  return {
    amount: sum((r) => r.amount),
    kind: last.kind,
    cause: last.cause,
    at: last.createdAt.toISOString(),
    cardBrand: card ? (row.payment?.cardBrand ?? null) : null,
    cardLast4: card ? (row.payment?.cardLast4 ?? null) : null,
    keptByCaregiver: sum((r) => r.keptAmount),
  };
}

/**
 * Whether the viewer may tip now (ADR 0051): the family who booked a booking outside a circle, or a payer of
 * its circle; no tip yet; within 14 days of the visit's end; a total that allows the smallest tip.
 */
function canTip(
  b: BookingJoined['b'],
  tipped: boolean,
  isFamily: boolean,
  circleRoles: readonly string[] | undefined,
  now: Date,
): boolean {
  const payer = b.circleId === null ? isFamily : (circleRoles?.includes('payer') ?? false);
  const deadline = (b.completedAt ?? b.endsAt).getTime() + TIP_RULES.windowDays * 86_400_000;
  return (
    payer && !tipped && now.getTime() <= deadline && maxTipCents(toCents(b.totalCost)) >= TIP_RULES.minCents
  );
}

/** The family's review of a completed booking: reviewed, the window's end, and whether it may be written now. */
function reviewState(b: BookingJoined['b'], reviewed: boolean, now: Date) {
  const deadline = new Date((b.completedAt ?? b.endsAt).getTime() + REVIEW_WINDOW_MS);
  return {
    reviewed,
    deadline: deadline.toISOString(),
    canReview: !reviewed && now.getTime() <= deadline.getTime(),
  };
}

/** The booking as `viewer` sees it, read in `tx` (after a write in the same transaction). */
export async function viewOf(
  circles: BookingCircleRules,
  tx: Tx,
  id: number,
  viewer: Actor,
  now: Date = new Date(),
): Promise<BookingView> {
  const joined = await bookingRepo.getJoined(tx, id);
  if (!joined) throw notFound(BOOKING_MESSAGES.notYours);
  return toBookingView(joined, viewer, await circleFactsFor(circles, tx, [joined], viewer), now);
}

/** Views of many bookings, their circles read once each. */
async function viewsOf(
  circles: BookingCircleRules,
  tx: Tx,
  rows: BookingJoined[],
  viewer: Actor,
  now: Date = new Date(),
): Promise<BookingView[]> {
  const facts = await circleFactsFor(circles, tx, rows, viewer);
  return rows.map((r) => toBookingView(r, viewer, facts, now));
}

/**
 * The visits of a recurring booking as `viewer` sees them, first first: its caregiver sees only those that
 * reached them (a circle's, once a payer approved). The caller decided that the viewer may see the series.
 */
export async function seriesVisitViews(
  circles: BookingCircleRules,
  tx: Tx,
  seriesId: number,
  viewer: Actor,
): Promise<BookingView[]> {
  const rows = await bookingRepo.listJoined(tx, eq(bookings.seriesId, seriesId), {
    order: 'asc',
    limit: 500,
  });
  const seen = rows.filter((r) => r.cg.userId !== viewer.id || caregiverSees(r.b));
  return viewsOf(circles, tx, seen, viewer);
}

/** Reading bookings: each side's lists, one booking, its history. */
export function bookingViews({ db, emergencies, now, circles, visits }: BookingContext) {
  /** Adds the live state of visits that have begun: checked in, checked out (one query). */
  async function withVisits(views: BookingView[]): Promise<BookingView[]> {
    const at = now().getTime();
    const begun = views.filter(
      (v) =>
        (v.status === 'confirmed' || v.status === 'completed') && Date.parse(v.startsAt) <= at + 3_600_000,
    );
    if (begun.length === 0) return views;
    const states = await visits.statesOf(
      db,
      begun.map((v) => v.id),
    );
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    const ids = new Set(begun.map((v) => v.id));
    return views.map((v) => {
      if (!ids.has(v.id)) return v;
      const s = states.get(v.id);
      return {
        ...v,
        visit: {
          checkedInAt: iso(s?.checkedInAt ?? null),
          checkedOutAt: iso(s?.checkedOutAt ?? null),
          incidents: s?.incidents ?? 0,
        },
      };
    });
  }

  /** Marks the views a parish emergency covers (ADR 0030): one query when none is in force. */
  async function withEmergencies(views: BookingView[]): Promise<BookingView[]> {
    const open = views.filter((v) => ['awaiting_approval', 'pending', 'confirmed'].includes(v.status));
    const covered = await emergencies.coverOf(
      db,
      open.map((v) => ({ id: v.id, startsAt: new Date(v.startsAt), endsAt: new Date(v.endsAt) })),
      now(),
    );
    if (covered.size === 0) return views;
    return views.map((v) => {
      const emergency = covered.get(v.id);
      return emergency ? { ...v, emergency } : v;
    });
  }

  /** One booking: its family, its caregiver (a circle's only once approved), a circle member, an admin. */
  async function get(actor: Actor, id: number): Promise<BookingView> {
    const joined = await bookingRepo.getJoined(db, id);
    if (!joined) throw notFound(BOOKING_MESSAGES.notYours);
    const b = joined.b;
    const mine =
      actor.userType === 'admin' ||
      b.familyId === actor.id ||
      (joined.cg.userId === actor.id && caregiverSees(b)) ||
      (b.circleId !== null && (await circles.decide(db, b.circleId, actor.id, 'view')) === 'allowed');
    if (!mine) throw notFound(BOOKING_MESSAGES.notYours);
    const [view] = await withVisits(
      await withEmergencies([
        toBookingView(joined, actor, await circleFactsFor(circles, db, [joined], actor), now()),
      ]),
    );
    return view;
  }

  return {
    async list(actor: Actor, query: ListInput): Promise<BookingView[]> {
      const conditions: SQL[] = [];
      if (actor.userType === 'family') {
        // Their own bookings and their care circles' (each view says which circle it is for).
        const circleIds = await circles.circleIdsOf(db, actor.id);
        conditions.push(
          circleIds.length
            ? (or(eq(bookings.familyId, actor.id), inArray(bookings.circleId, circleIds)) as SQL)
            : eq(bookings.familyId, actor.id),
        );
      } else if (actor.userType === 'caregiver') {
        const caregiverId = await bookingRepo.caregiverIdOfUser(db, actor.id);
        if (caregiverId === undefined) return [];
        conditions.push(eq(bookings.caregiverId, caregiverId), caregiverSeesSql());
      }
      if (query.status?.length) conditions.push(inArray(bookings.status, query.status));
      const rows = await bookingRepo.listJoined(db, and(...conditions), { limit: query.limit });
      return withVisits(await withEmergencies(await viewsOf(circles, db, rows, actor, now())));
    },

    /** GET /api/bookings/family/{userId} (docs/product.md#the-api-contract): the family themselves or an admin. */
    async listForFamily(actor: Actor, familyUserId: number): Promise<BookingView[]> {
      if (actor.id !== familyUserId && actor.userType !== 'admin') {
        throw forbidden('You can only see your own bookings.');
      }
      const rows = await bookingRepo.listJoined(db, eq(bookings.familyId, familyUserId));
      return viewsOf(circles, db, rows, actor, now());
    },

    get,

    async events(actor: Actor, id: number) {
      await get(actor, id);
      const rows = await bookingRepo.events(db, id);
      return rows.map((e) => ({
        from: e.fromStatus,
        to: e.toStatus,
        actorUserId: e.actorUserId,
        at: e.at.toISOString(),
      }));
    },
  };
}
