import type { CircleRole } from '../../../shared/contracts/circles';

/** Everything a member may try to do in a circle; every circle route (and later bookings, messaging, payments) asks. */
export const CIRCLE_ACTIONS = [
  'view',
  'listMembers',
  'invite',
  'removeMember',
  'changeRoles',
  'setCap',
  'leave',
  'book',
  'message',
  'approve',
  'pay',
  'viewStatement',
] as const;
export type CircleAction = (typeof CIRCLE_ACTIONS)[number];

/** Who may do what: a member with none of the roles (a viewer) gets only what `viewer` lists. */
const GRANTS: Record<CircleRole | 'viewer', readonly CircleAction[]> = {
  viewer: ['view', 'listMembers', 'leave'],
  coordinator: ['invite', 'removeMember', 'changeRoles', 'book', 'message', 'viewStatement'],
  payer: ['setCap', 'approve', 'pay', 'viewStatement'],
};

/**
 * The one circle policy: `membership` undefined (not a member) is 'hidden' (answer 404: never reveal that a
 * circle exists); a member without the right is 'forbidden' (403); otherwise 'allowed'. Pure: roles in,
 * decision out. `setCap` is a payer's own cap (nobody sets another's); who may give the payer role, which
 * depends on the change and not only on the action, is decided in members.ts (ADR 0039).
 */
/** The policy's answer: allowed, forbidden (a member without the right: 403) or hidden (a non-member: 404). */
export type CircleDecision = 'allowed' | 'forbidden' | 'hidden';

export function decideCircleAction(
  membership: { roles: readonly CircleRole[] } | undefined,
  action: CircleAction,
): CircleDecision {
  if (!membership) return 'hidden';
  if (GRANTS.viewer.includes(action)) return 'allowed';
  return membership.roles.some((r) => GRANTS[r].includes(action)) ? 'allowed' : 'forbidden';
}

/** Whether a member sees other members' monthly caps (payers and coordinators do; viewers do not). */
export const seesCaps = (roles: readonly CircleRole[]) => roles.length > 0;
