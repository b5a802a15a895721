import { type BookingSeriesView, SERIES_MESSAGES } from '../../../shared/contracts/booking-series';
import { cancellationTerms } from '../../../shared/contracts/bookings';
import { toCents } from '../../../shared/money';
import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import { conflict, forbidden, notFound } from '../../errors';
import type { Actor, BookingRow } from '../bookings';
import { notifySeries } from './notices';
import { type SeriesRow, seriesRepo } from './repo';
import { inTransaction, type SeriesContext, seriesViewOf } from './series-context';

const LIVE = new Set(['awaiting_approval', 'pending', 'confirmed']);

/** The fee a family cancelling `v` at `at` pays the caregiver (0 when free: the cancellation policy). */
const lateFeeOf = (v: BookingRow, at: Date) =>
  cancellationTerms(
    { status: v.status, startsAt: v.startsAt, hourlyRateCents: toCents(v.hourlyRate), duration: v.duration },
    'family',
    at,
  ).lateFee;

/**
 * Who may read a series: its family (the booker), an admin, a member of its care circle (the policy's
 * 'view'), and its caregiver once a visit reached them (a circle's: after a payer approved one).
 */
async function maySee(ctx: SeriesContext, tx: Tx, s: SeriesRow, actor: Actor): Promise<boolean> {
  if (actor.userType === 'admin' || s.familyId === actor.id) return true;
  if (s.circleId !== null && (await ctx.circles.decide(tx, s.circleId, actor.id, 'view')) === 'allowed')
    return true;
  return actor.userType === 'caregiver' && (await reachedCaregiver(ctx, tx, s, actor));
}

/** `actor` is the series' caregiver and at least one visit has reached them. */
async function reachedCaregiver(ctx: SeriesContext, tx: Tx, s: SeriesRow, actor: Actor): Promise<boolean> {
  if ((await ctx.bookings.caregiverIdOfUser(tx, actor.id)) !== s.caregiverId) return false;
  return (await ctx.bookings.visits(tx, s.id)).some(ctx.bookings.caregiverSees);
}

/** The family side of a series (as for one of its bookings): the booker, or a circle's coordinator (403 other members). */
async function actsForFamily(ctx: SeriesContext, tx: Tx, s: SeriesRow, actor: Actor): Promise<boolean> {
  if (s.circleId === null) return s.familyId === actor.id;
  const decision = await ctx.circles.decide(tx, s.circleId, actor.id, 'book');
  if (decision === 'forbidden') throw forbidden();
  return decision === 'allowed';
}

/** Reading a series, the caregiver's answer to it as a whole, and the family's "cancel the rest". */
export function seriesAnswers(ctx: SeriesContext) {
  /** The caregiver accepts or declines every visit waiting for them, in one transaction. */
  async function answer(
    actor: Actor,
    id: number,
    decision: 'accept' | 'decline',
  ): Promise<BookingSeriesView> {
    const at = ctx.now();
    return inTransaction(ctx, async (tx, mails) => {
      const s = await seriesRepo.lock(tx, id);
      if (!s || !(await reachedCaregiver(ctx, tx, s, actor))) throw notFound(SERIES_MESSAGES.notFound);
      if (s.status !== 'requested')
        throw conflict(SERIES_MESSAGES.notRequested, 'BOOKING_INVALID_TRANSITION');
      const visits = await ctx.bookings.visits(tx, id);
      // The caregiver answers the series as a whole: not while some of it has not reached them yet.
      if (visits.some((v) => v.status === 'awaiting_approval'))
        throw conflict(SERIES_MESSAGES.awaitingApproval, 'BOOKING_INVALID_TRANSITION');
      // Visits whose start has come are left to the lifecycle job (they expire).
      const waiting = visits.filter((v) => v.status === 'pending' && v.startsAt.getTime() > at.getTime());
      if (waiting.length === 0) throw conflict(SERIES_MESSAGES.nothingToAnswer, 'BOOKING_INVALID_TRANSITION');
      for (const v of waiting) mails.push(...(await ctx.bookings.answer(tx, actor, v.id, decision, at)));
      const status = decision === 'accept' ? 'accepted' : 'declined';
      await seriesRepo.update(tx, id, { status, answeredAt: at, updatedAt: at });
      mails.push(...(await notifySeries(ctx, tx, ctx.publicUrl, s, waiting, status, actor)));
      return seriesViewOf(ctx, tx, { ...s, status, answeredAt: at, updatedAt: at }, actor);
    });
  }

  return {
    async get(actor: Actor, id: number): Promise<BookingSeriesView> {
      const s = await seriesRepo.find(ctx.db, id);
      if (!s || !(await maySee(ctx, ctx.db, s, actor))) throw notFound(SERIES_MESSAGES.notFound);
      return seriesViewOf(ctx, ctx.db, s, actor);
    },

    accept: (actor: Actor, id: number) => answer(actor, id, 'accept'),
    decline: (actor: Actor, id: number) => answer(actor, id, 'decline'),

    /**
     * The family side cancels every visit still to come, in one transaction, each through the booking's
     * own cancellation (the policy: free 24 h or more ahead, later a fee on a confirmed visit).
     */
    async cancelRest(actor: Actor, id: number): Promise<BookingSeriesView> {
      const at = ctx.now();
      return inTransaction(ctx, async (tx, mails: Mail[]) => {
        const s = await seriesRepo.lock(tx, id);
        if (!s || !(await actsForFamily(ctx, tx, s, actor))) throw notFound(SERIES_MESSAGES.notFound);
        if (s.status === 'declined' || s.status === 'cancelled' || s.status === 'left')
          throw conflict(SERIES_MESSAGES.notCancellable, 'BOOKING_INVALID_TRANSITION');
        const future = (await ctx.bookings.visits(tx, id)).filter(
          (v) => LIVE.has(v.status) && v.startsAt.getTime() > at.getTime(),
        );
        // A visit cancelled late carries a fee: that visit keeps its own notice, which names the fee.
        for (const v of future) {
          const notify = lateFeeOf(v, at) > 0;
          mails.push(...(await ctx.bookings.answer(tx, actor, v.id, 'cancel', at, { notify })));
        }
        await seriesRepo.update(tx, id, { status: 'cancelled', cancelledAt: at, updatedAt: at });
        mails.push(...(await notifySeries(ctx, tx, ctx.publicUrl, s, future, 'cancelled', actor)));
        return seriesViewOf(ctx, tx, { ...s, status: 'cancelled', cancelledAt: at, updatedAt: at }, actor);
      });
    },

    /**
     * The caregiver leaves an accepted series: every visit of it still to come is cancelled by them (the
     * caregiver-side cancellation: anything held is released in full), and the family side is told once.
     */
    async leave(actor: Actor, id: number): Promise<BookingSeriesView> {
      const at = ctx.now();
      return inTransaction(ctx, async (tx, mails: Mail[]) => {
        const s = await seriesRepo.lock(tx, id);
        if (!s || !(await reachedCaregiver(ctx, tx, s, actor))) throw notFound(SERIES_MESSAGES.notFound);
        if (s.status !== 'accepted')
          throw conflict(SERIES_MESSAGES.notLeavable, 'BOOKING_INVALID_TRANSITION');
        const future = (await ctx.bookings.visits(tx, id)).filter(
          (v) => LIVE.has(v.status) && ctx.bookings.caregiverSees(v) && v.startsAt.getTime() > at.getTime(),
        );
        if (future.length === 0) throw conflict(SERIES_MESSAGES.nothingToLeave, 'BOOKING_INVALID_TRANSITION');
        for (const v of future) mails.push(...(await ctx.bookings.answer(tx, actor, v.id, 'cancel', at)));
        const patch = { status: 'left' as const, cancelledAt: at, updatedAt: at };
        await seriesRepo.update(tx, id, patch);
        mails.push(...(await notifySeries(ctx, tx, ctx.publicUrl, s, future, 'left', actor)));
        return seriesViewOf(ctx, tx, { ...s, ...patch }, actor);
      });
    },
  };
}
