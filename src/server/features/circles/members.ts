import type { z } from 'zod';
import {
  CIRCLE_MESSAGES,
  type CircleRole,
  type CircleView,
  type InvitationRole,
  type UpdateMemberRequest,
} from '../../../shared/contracts/circles';
import type { Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { type Actor, authorize, type CircleContext, circleView } from './circle-context';
import { type CircleAction, decideCircleAction } from './policy';
import { circleRepo } from './repo';

type UpdateInput = z.output<typeof UpdateMemberRequest>;

/**
 * The invariant: a circle keeps at least one coordinator and one payer. Checked after a change, inside the
 * transaction that made it and holds the circle's lock, so a failure rolls the change back.
 */
async function assertCircleStaffed(tx: Tx, circleId: number) {
  const members = await circleRepo.members(tx, circleId);
  const has = (role: CircleRole) => members.some((m) => m.roles.includes(role));
  if (!has('coordinator') || !has('payer')) {
    throw conflict(CIRCLE_MESSAGES.needsCoordinatorAndPayer, 'CIRCLE_NEEDS_COORDINATOR_AND_PAYER');
  }
}

const without = (roles: CircleRole[], role: CircleRole) => roles.filter((r) => r !== role);

/**
 * Someone accepted an invitation (the circle is locked by the caller): they become a member, or an existing
 * member gains the role. A role another member held only provisionally (the creator's) passes to them.
 */
export async function grantInvitedRole(
  tx: Tx,
  circleId: number,
  userId: number,
  role: InvitationRole,
  cap: number | null,
  at: Date,
) {
  const existing = await circleRepo.membership(tx, circleId, userId);
  if (role !== 'viewer') {
    for (const m of await circleRepo.members(tx, circleId)) {
      if (m.userId === userId || !m.provisionalRoles.includes(role)) continue;
      const roles = without(m.roles, role);
      await circleRepo.updateMember(tx, circleId, m.userId, {
        roles,
        provisionalRoles: without(m.provisionalRoles, role),
        monthlyCapJmd: roles.includes('payer') ? m.monthlyCapJmd : null,
        payerConsentedAt: roles.includes('payer') ? m.payerConsentedAt : null,
      });
    }
  }
  const roles = existing ? [...existing.roles] : [];
  if (role !== 'viewer' && !roles.includes(role)) roles.push(role);
  const provisionalRoles = existing ? existing.provisionalRoles.filter((r) => r !== role) : [];
  const monthlyCapJmd = role === 'payer' && cap !== null ? cap : (existing?.monthlyCapJmd ?? null);
  // Accepting a payer invitation (with the cap it offered) is the person's own act: their standing consent.
  const payerConsentedAt = role === 'payer' ? at : (existing?.payerConsentedAt ?? null);
  if (existing) {
    await circleRepo.updateMember(tx, circleId, userId, {
      roles,
      provisionalRoles,
      monthlyCapJmd,
      payerConsentedAt,
    });
  } else {
    await circleRepo.insertMember(tx, {
      circleId,
      userId,
      roles,
      provisionalRoles,
      monthlyCapJmd,
      payerConsentedAt,
      joinedAt: at,
    });
  }
}

/**
 * Who may make a change to a member (ADR 0039: money moves from a card only on its owner's act). Pure: the
 * actor's roles, whether the target is the actor, and the change, in; the refusal (or none) out.
 * - Giving the payer role (a role that spends) takes a payer: a coordinator who is not one cannot, not even
 *   to themselves (they invite someone as a payer; the role is theirs when they accept).
 * - Any other role change (coordinator given or taken, payer taken away) is the coordinators' `changeRoles`.
 *   Taking payer away only ends spending: the member's card is never charged again for the circle, and their
 *   cap and consent go with the role (given back, they start with none: nobody clears a cap this way).
 * - A cap is set, raised or cleared only by the payer it belongs to (`setCap`); a body repeating someone's
 *   current cap changes nothing and is no refusal.
 */
export function refusalOfMemberChange(
  actorRoles: readonly CircleRole[],
  self: boolean,
  change: { added: CircleRole[]; removed: CircleRole[]; ownCapAct: boolean; otherCapChange: boolean },
): 'payerGrant' | 'capOwner' | 'forbidden' | null {
  const may = (action: CircleAction) => decideCircleAction({ roles: actorRoles }, action) === 'allowed';
  const { added, removed, ownCapAct, otherCapChange } = change;
  if ((removed.length > 0 || added.includes('coordinator')) && !may('changeRoles')) return 'forbidden';
  if (added.includes('payer') && !actorRoles.includes('payer')) return 'payerGrant';
  if (otherCapChange) return 'capOwner';
  if (ownCapAct && !may('setCap')) return 'forbidden';
  // Nothing changes: answered as before to whoever may change roles, or set their own cap.
  const none = added.length === 0 && removed.length === 0 && !ownCapAct;
  if (none && !may('changeRoles') && !(self && may('setCap'))) return 'forbidden';
  return null;
}

/** Changing roles and caps, removing members and leaving; and what an account deletion does to circles. */
export function circleMembership(ctx: CircleContext) {
  const { db } = ctx;
  return {
    /** Role changes (coordinators; payer only given by a payer) and one's own cap (payers): see refusalOfMemberChange. */
    async updateMember(
      actor: Actor,
      circleId: number,
      userId: number,
      body: UpdateInput,
    ): Promise<CircleView> {
      const at = ctx.now();
      return db.transaction(async (tx) => {
        const { circle, me } = await authorize(tx, circleId, actor, 'view', { lock: true });
        const target = await circleRepo.membership(tx, circleId, userId);
        if (!target) throw notFound(CIRCLE_MESSAGES.memberNotFound);
        const self = userId === actor.id;
        const roles = body.roles ?? target.roles;
        // A cap alone: one's own is the payers' (403 before the body's cap is judged); another's is nobody's.
        if (body.roles === undefined) {
          if (self && decideCircleAction(me, 'setCap') !== 'allowed') throw forbidden();
          const othersCap = !self && target.roles.includes('payer') && body.monthlyCapJmd !== undefined;
          if (othersCap && body.monthlyCapJmd !== target.monthlyCapJmd)
            throw forbidden(CIRCLE_MESSAGES.capOwnerOnly, 'CIRCLE_CAP_OWNER_ONLY');
        }
        if (!roles.includes('payer') && body.monthlyCapJmd != null) {
          throw badRequest(CIRCLE_MESSAGES.capOnlyForPayers, [
            { path: 'monthlyCapJmd', message: CIRCLE_MESSAGES.capOnlyForPayers },
          ]);
        }
        const added = roles.filter((r) => !target.roles.includes(r));
        const removed = target.roles.filter((r) => !roles.includes(r));
        const capGiven = body.monthlyCapJmd !== undefined && roles.includes('payer');
        const refusal = refusalOfMemberChange(me.roles, self, {
          added,
          removed,
          ownCapAct: self && capGiven,
          otherCapChange: !self && capGiven && body.monthlyCapJmd !== target.monthlyCapJmd,
        });
        if (refusal === 'payerGrant')
          throw forbidden(CIRCLE_MESSAGES.payerGrantForbidden, 'CIRCLE_PAYER_GRANT_FORBIDDEN');
        if (refusal === 'capOwner') throw forbidden(CIRCLE_MESSAGES.capOwnerOnly, 'CIRCLE_CAP_OWNER_ONLY');
        if (refusal === 'forbidden') throw forbidden();
        const isPayer = roles.includes('payer');
        const cap = self && body.monthlyCapJmd !== undefined ? body.monthlyCapJmd : target.monthlyCapJmd;
        await circleRepo.updateMember(tx, circleId, userId, {
          roles,
          // A coordinator's change never makes a provisional role definite: only someone accepting it ends it.
          provisionalRoles: target.provisionalRoles.filter((r) => roles.includes(r)),
          // Given payer by another payer: no cap, and no standing consent until they act themselves.
          monthlyCapJmd: isPayer && !added.includes('payer') ? cap : null,
          payerConsentedAt: !isPayer
            ? null
            : self && capGiven
              ? at
              : added.includes('payer')
                ? null
                : target.payerConsentedAt,
        });
        await assertCircleStaffed(tx, circleId);
        const mine = await circleRepo.membership(tx, circleId, actor.id);
        return circleView(tx, circle, mine?.roles ?? []);
      });
    },

    /** A coordinator removes a member, or a member leaves; the last coordinator or payer cannot go. */
    async removeMember(actor: Actor, circleId: number, userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await authorize(tx, circleId, actor, userId === actor.id ? 'leave' : 'removeMember', { lock: true });
        const target = await circleRepo.membership(tx, circleId, userId);
        if (!target) throw notFound(CIRCLE_MESSAGES.memberNotFound);
        await circleRepo.deleteMember(tx, circleId, userId);
        await assertCircleStaffed(tx, circleId);
      });
    },

    /**
     * Inside the account deletion's transaction: the user leaves every circle. A circle they were alone in
     * goes with them; one where they are the last coordinator or payer for others refuses the deletion (409).
     * Their open invitations are revoked; what they did stays for the other members.
     */
    async releaseForDeletion(tx: Tx, userId: number, at: Date): Promise<void> {
      const mine = await circleRepo.circlesOf(tx, userId);
      for (const { circle } of [...mine].sort((a, b) => a.circle.id - b.circle.id)) {
        await circleRepo.lockCircle(tx, circle.id);
        const members = await circleRepo.members(tx, circle.id);
        if (members.every((m) => m.userId === userId)) {
          // Alone in it: the circle goes with them, unless it has bookings (its records stay, with no
          // members); with bookings still unpaid, the last payer cannot go.
          const counts = await ctx.bookings.circleBookingCounts(tx, circle.id);
          if (counts.unpaid > 0)
            throw conflict(
              `The care circle “${circle.name}” has bookings that are not paid yet. Pay or cancel them before deleting your account.`,
              'CIRCLE_UNPAID_BOOKINGS',
            );
          if (counts.total === 0) await circleRepo.deleteCircle(tx, circle.id);
          else await circleRepo.deleteMember(tx, circle.id, userId);
          continue;
        }
        await circleRepo.deleteMember(tx, circle.id, userId);
        try {
          await assertCircleStaffed(tx, circle.id);
        } catch {
          throw conflict(
            `You are the last coordinator or payer of the care circle “${circle.name}”. Give the role to another member, or remove the other members, before deleting your account.`,
            'CIRCLE_NEEDS_COORDINATOR_AND_PAYER',
          );
        }
      }
      await circleRepo.revokeSentBy(tx, userId, at);
    },
  };
}
