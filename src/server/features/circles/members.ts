import type { z } from 'zod';
import {
  CIRCLE_MESSAGES,
  type CircleRole,
  type CircleView,
  type InvitationRole,
  type UpdateMemberRequest,
} from '../../../shared/contracts/circles';
import type { Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { type Actor, authorize, type CircleContext, circleView } from './circle-context';
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
      });
    }
  }
  const roles = existing ? [...existing.roles] : [];
  if (role !== 'viewer' && !roles.includes(role)) roles.push(role);
  const provisionalRoles = existing ? existing.provisionalRoles.filter((r) => r !== role) : [];
  const monthlyCapJmd = role === 'payer' && cap !== null ? cap : (existing?.monthlyCapJmd ?? null);
  if (existing) {
    await circleRepo.updateMember(tx, circleId, userId, { roles, provisionalRoles, monthlyCapJmd });
  } else {
    await circleRepo.insertMember(tx, {
      circleId,
      userId,
      roles,
      provisionalRoles,
      monthlyCapJmd,
      joinedAt: at,
    });
  }
}

/** Changing roles and caps, removing members and leaving; and what an account deletion does to circles. */
export function circleMembership(ctx: CircleContext) {
  const { db } = ctx;
  return {
    /** Coordinators change roles (and anyone's cap); a payer may set their own cap. */
    async updateMember(
      actor: Actor,
      circleId: number,
      userId: number,
      body: UpdateInput,
    ): Promise<CircleView> {
      const ownCapOnly = body.roles === undefined && userId === actor.id;
      return db.transaction(async (tx) => {
        const { circle } = await authorize(tx, circleId, actor, ownCapOnly ? 'setCap' : 'changeRoles', {
          lock: true,
        });
        const target = await circleRepo.membership(tx, circleId, userId);
        if (!target) throw notFound(CIRCLE_MESSAGES.memberNotFound);
        const roles = body.roles ?? target.roles;
        if (!roles.includes('payer') && body.monthlyCapJmd != null) {
          throw badRequest(CIRCLE_MESSAGES.capOnlyForPayers, [
            { path: 'monthlyCapJmd', message: CIRCLE_MESSAGES.capOnlyForPayers },
          ]);
        }
        const cap = body.monthlyCapJmd !== undefined ? body.monthlyCapJmd : target.monthlyCapJmd;
        await circleRepo.updateMember(tx, circleId, userId, {
          roles,
          // A coordinator's change never makes a provisional role definite: only someone accepting it ends it.
          provisionalRoles: target.provisionalRoles.filter((r) => roles.includes(r)),
          monthlyCapJmd: roles.includes('payer') ? cap : null,
        });
        await assertCircleStaffed(tx, circleId);
        const me = await circleRepo.membership(tx, circleId, actor.id);
        return circleView(tx, circle, me?.roles ?? []);
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
