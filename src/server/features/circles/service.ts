import type { CircleDeps } from './circle-context';
import { circleRecords } from './create-circle';
import { circleInvitations } from './invitations';
import { circleMembership } from './members';
import { circleExport } from './privacy';

export type { Actor, CircleDeps } from './circle-context';
export { CIRCLE_ACTIONS, type CircleAction, type CircleDecision, decideCircleAction } from './policy';

/** The circles service: circles, invitations, members, and the circle policy for other features to ask. */
export function createCircleService(deps: CircleDeps) {
  const ctx = {
    ...deps,
    now: deps.now ?? (() => new Date()),
    bookings: deps.bookings ?? { circleBookingCounts: async () => ({ total: 0, unpaid: 0 }) },
  };
  return {
    ...circleRecords(ctx),
    ...circleInvitations(ctx),
    ...circleMembership(ctx),
    ...circleExport(),
  };
}

/** Access to circles inside the caller's transaction (the policy, members), and the rules of their charges. */
export {
  approvalReasonFor,
  type ChargeConsentBasis,
  type CircleMemberContact,
  type CircleRow,
  chargeConsents,
  circleAccess,
} from './circle-access';
