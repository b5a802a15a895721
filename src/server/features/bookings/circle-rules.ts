import type { Tx } from '../../db/client';
import { forbidden } from '../../errors';
import type { CircleRow } from '../circles';
import type { Actor, BookingPorts } from './booking-context';
import { bookingRepo } from './repo';

/** A coordinator books for the circle: the policy's 'book' (404/403), with the circle locked. */
export async function openCircleForBooking(
  { circles }: BookingPorts,
  tx: Tx,
  circleId: number,
  actor: Actor,
): Promise<CircleRow> {
  const { circle } = await circles.authorize(tx, circleId, actor, 'book', { lock: true });
  return circle;
}

/** Why this booking needs a payer's approval (the circle's rule, or the month would pass a cap), or null. */
export async function circleApprovalReason(
  { circles }: BookingPorts,
  tx: Tx,
  circle: CircleRow,
  date: string,
  amountCents: number,
) {
  const spent = await bookingRepo.circleMonthCents(tx, circle.id, date.slice(0, 7));
  const payers = (await circles.members(tx, circle.id)).filter((m) => m.roles.includes('payer'));
  return circles.approvalReasonFor(circle, payers, spent + amountCents);
}

/**
 * Whether `actor` acts for the family side of a circle booking: the policy allows `action` (true), the actor
 * is no member (false: the caller answers 404), or a member without the right (403).
 */
export async function actsForCircle(
  { circles }: BookingPorts,
  tx: Tx,
  circleId: number,
  actor: Actor,
  action: 'book' | 'approve',
) {
  const decision = await circles.decide(tx, circleId, actor.id, action);
  if (decision === 'forbidden') throw forbidden();
  return decision === 'allowed';
}
