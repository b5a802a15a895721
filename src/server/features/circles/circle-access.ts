import type { ApprovalReason } from '../../../shared/booking-rules';
import type { CircleRole } from '../../../shared/contracts/circles';
import type { Tx } from '../../db/client';
import { type Actor, authorize } from './circle-context';
import { type CircleAction, decideCircleAction } from './policy';
import { type CircleRow, circleRepo } from './repo';

export type { CircleRow };

/** A member with their contact, roles, cap and payer consent: who to tell, by which address, who may pay. */
export interface CircleMemberContact {
  userId: number;
  firstName: string;
  email: string;
  roles: CircleRole[];
  monthlyCapJmd: number | null;
  /** The member's own IANA time zone (null: Jamaica's). */
  timeZone: string | null;
  /** When they took on the payer role by their own act (null: given it by someone else, not acted since). */
  payerConsentedAt: Date | null;
}

/** On what a charge the payer did not make at the keyboard stands (payments.consent_basis). */
export type ChargeConsentBasis = 'own_booking' | 'own_approval' | 'own_cap' | 'charge_me';

/**
 * Whose card may be charged for a circle booking without them at the keyboard, best first (ADR 0039): money
 * moves from a card only on its owner's act. Only current payers, each for one of:
 * - own_approval: they approved this booking (or this visit of a series);
 * - own_booking: they booked it themselves;
 * - own_cap: a cap they accepted or set themselves, not passed by the month's committed total
 *   (`monthCents`: ADR 0025's count, this booking included);
 * - charge_me: no cap, in a circle without the approval rule, and they took on the role themselves.
 * A payer given the role by someone else and not acting since has no standing rule. Empty: nobody consented.
 */
export function chargeConsents(
  circle: Pick<CircleRow, 'approvalRequired'>,
  booking: { familyId: number; approvalState: string | null; approvalBy: number | null },
  members: readonly Pick<CircleMemberContact, 'userId' | 'roles' | 'monthlyCapJmd' | 'payerConsentedAt'>[],
  monthCents: number,
): { userId: number; basis: ChargeConsentBasis }[] {
  const payers = members.filter((m) => m.roles.includes('payer')).sort((a, b) => a.userId - b.userId);
  const out: { userId: number; basis: ChargeConsentBasis }[] = [];
  const add = (userId: number, basis: ChargeConsentBasis) => {
    if (!out.some((c) => c.userId === userId)) out.push({ userId, basis });
  };
  for (const p of payers)
    if (booking.approvalState === 'approved' && booking.approvalBy === p.userId)
      add(p.userId, 'own_approval');
  for (const p of payers) if (booking.familyId === p.userId) add(p.userId, 'own_booking');
  for (const p of payers) {
    if (p.payerConsentedAt === null) continue;
    if (p.monthlyCapJmd !== null) {
      if (monthCents <= p.monthlyCapJmd * 100) add(p.userId, 'own_cap');
    } else if (!circle.approvalRequired) add(p.userId, 'charge_me');
  }
  return out;
}

/**
 * Why a circle booking needs a payer's approval, or null: the circle asks for it on every booking, or the
 * month's committed total (`monthCents`, this booking's `amountCents` included) goes over a payer's cap.
 * With several payers the lowest cap counts: whoever set a cap is asked before it is passed.
 */
export function approvalReasonFor(
  circle: Pick<CircleRow, 'approvalRequired'>,
  payers: readonly Pick<CircleMemberContact, 'monthlyCapJmd'>[],
  monthCents: number,
): ApprovalReason | null {
  if (circle.approvalRequired) return 'circle_rule';
  const caps = payers.map((p) => p.monthlyCapJmd).filter((c): c is number => c !== null);
  if (caps.length > 0 && monthCents > Math.min(...caps) * 100) return 'over_cap';
  return null;
}

/**
 * Access to care circles, each inside the caller's transaction: who may do what (the one circle policy,
 * policy.ts: a non-member gets 404, a member without the right 403), a member's roles, the circle, its
 * members and a user's circles.
 */
export const circleAccess = {
  /** Throws 404/403 unless `actor` may do `action` in the circle; `lock` serialises cap checks. */
  authorize: (
    tx: Tx,
    circleId: number,
    actor: Pick<Actor, 'id'>,
    action: CircleAction,
    opts: { lock?: boolean } = {},
  ) => authorize(tx, circleId, actor, action, opts),

  /** The policy's decision without throwing (for views: what a member may see or do). */
  async decide(tx: Tx, circleId: number, userId: number, action: CircleAction) {
    return decideCircleAction(await circleRepo.membership(tx, circleId, userId), action);
  },

  /** The member's roles, or undefined for a non-member. */
  async rolesOf(tx: Tx, circleId: number, userId: number): Promise<CircleRole[] | undefined> {
    return (await circleRepo.membership(tx, circleId, userId))?.roles;
  },

  find: (tx: Tx, circleId: number) => circleRepo.findCircle(tx, circleId),

  async members(tx: Tx, circleId: number): Promise<CircleMemberContact[]> {
    const rows = await circleRepo.members(tx, circleId);
    return rows.map((m) => ({
      userId: m.userId,
      firstName: m.firstName,
      email: m.email,
      roles: m.roles,
      monthlyCapJmd: m.monthlyCapJmd,
      timeZone: m.timeZone,
      payerConsentedAt: m.payerConsentedAt,
    }));
  },

  /** The ids of every circle `userId` belongs to (their bookings appear in the member's list). */
  async circleIdsOf(tx: Tx, userId: number): Promise<number[]> {
    return (await circleRepo.circlesOf(tx, userId)).map((c) => c.circle.id);
  },
};
