import { CIRCLE_MESSAGES, type CircleView } from '../../../shared/contracts/circles';
import type { Mailer } from '../../adapters/mailer';
import type { Db, Tx } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { type CircleAction, decideCircleAction, seesCaps } from './policy';
import { type CircleRow, circleRepo, type MemberRow } from './repo';

export type Actor = Pick<SessionUser, 'id' | 'userType' | 'firstName' | 'email'>;

export interface CircleDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The app's clock (invitation expiry). */
  now?: () => Date;
  /** The bookings feature's count of a circle's bookings (given by services.ts: circles never read them). */
  bookings?: CircleBookingCounts;
}

export interface CircleBookingCounts {
  /** A circle's bookings, and how many stand unpaid (no live payment). */
  circleBookingCounts(tx: Tx, circleId: number): Promise<{ total: number; unpaid: number }>;
}

export type CircleContext = Required<CircleDeps>;

/**
 * Asks the circle policy whether `actor` may do `action` in the circle: a non-member (or no such circle)
 * gets a 404, a member without the right a 403. `lock`: the circle row is locked for the transaction
 * (every change of membership locks it first, so that the coordinator/payer invariant is race-safe).
 */
export async function authorize(
  tx: Tx,
  circleId: number,
  actor: Pick<Actor, 'id'>,
  action: CircleAction,
  opts: { lock?: boolean } = {},
): Promise<{ circle: CircleRow; me: MemberRow }> {
  const circle = opts.lock
    ? await circleRepo.lockCircle(tx, circleId)
    : await circleRepo.findCircle(tx, circleId);
  const me = circle ? await circleRepo.membership(tx, circleId, actor.id) : undefined;
  const decision = decideCircleAction(me, action);
  if (!circle || !me || decision === 'hidden') throw notFound(CIRCLE_MESSAGES.circleNotFound);
  if (decision === 'forbidden') throw forbidden();
  return { circle, me };
}

/** The circle as a member sees it: caps only for payers and coordinators. */
export async function circleView(
  tx: Tx,
  circle: CircleRow,
  myRoles: MemberRow['roles'],
): Promise<CircleView> {
  const members = await circleRepo.members(tx, circle.id);
  const caps = seesCaps(myRoles);
  return {
    id: circle.id,
    name: circle.name,
    recipient: {
      firstName: circle.recipientFirstName,
      lastName: circle.recipientLastName,
      parish: circle.recipientParish,
      town: circle.recipientTown,
      address: circle.recipientAddress,
      needs: circle.recipientNeeds,
      notes: circle.recipientNotes,
      emergencyContact:
        circle.emergencyContactName && circle.emergencyContactPhone
          ? { name: circle.emergencyContactName, phone: circle.emergencyContactPhone }
          : null,
    },
    approvalRequired: circle.approvalRequired,
    myRoles,
    members: members.map((m) => ({
      userId: m.userId,
      firstName: m.firstName,
      lastInitial: m.lastName ? `${m.lastName.slice(0, 1)}.` : '',
      roles: m.roles,
      provisionalRoles: m.provisionalRoles,
      monthlyCapJmd: caps ? m.monthlyCapJmd : null,
      joinedAt: m.joinedAt.toISOString(),
    })),
    createdAt: circle.createdAt.toISOString(),
  };
}
