import type { z } from 'zod';
import {
  CIRCLE_MESSAGES,
  type CircleView,
  type CreatedInvitation,
  type CreateInvitationRequest,
  INVITATION_DAYS,
  type InvitationList,
  type InvitationPreview,
} from '../../../shared/contracts/circles';
import { hashToken, newToken } from '../../core/tokens';
import type { Tx } from '../../db/client';
import { conflict, forbidden, notFound } from '../../errors';
import { type Actor, authorize, type CircleContext, circleView } from './circle-context';
import { grantInvitedRole } from './members';
import { circleRepo } from './repo';

type InviteInput = z.output<typeof CreateInvitationRequest>;
const DAY_MS = 24 * 60 * 60 * 1000;

const ROLE_WORDS = {
  coordinator: 'a coordinator (you can find caregivers, message them and book visits)',
  payer: 'a payer (you pay for visits and approve bookings that need approval)',
  viewer: 'a viewer (you can follow bookings and visits)',
} as const;

/**
 * The invitation a token names, as the signed-in user may use it: a family account whose e-mail is the
 * invitation's. Unknown, revoked or someone else's accepted invitation: 404; expired: 404 with its own code.
 */
async function usableInvitation(tx: Tx, token: string, actor: Actor, at: Date) {
  if (actor.userType !== 'family') throw forbidden(CIRCLE_MESSAGES.familiesOnly, 'CIRCLE_FAMILIES_ONLY');
  const found = await circleRepo.invitationByHash(tx, hashToken(token));
  if (!found || found.invitation.revokedAt) throw notFound(CIRCLE_MESSAGES.invitationNotFound);
  const inv = found.invitation;
  if (inv.acceptedAt && inv.acceptedBy !== actor.id) throw notFound(CIRCLE_MESSAGES.invitationNotFound);
  if (inv.email !== actor.email.toLowerCase()) {
    throw forbidden(CIRCLE_MESSAGES.wrongAccount, 'INVITATION_WRONG_ACCOUNT');
  }
  if (!inv.acceptedAt && inv.expiresAt.getTime() <= at.getTime()) {
    throw notFound(CIRCLE_MESSAGES.invitationExpired, 'INVITATION_EXPIRED');
  }
  return found;
}

/** Inviting by e-mail (coordinators), listing and revoking open invitations, and answering one. */
export function circleInvitations(ctx: CircleContext) {
  const { db } = ctx;
  return {
    async invite(
      actor: Actor,
      circleId: number,
      body: InviteInput,
    ): Promise<z.infer<typeof CreatedInvitation>> {
      const at = ctx.now();
      const token = newToken();
      const inviteUrl = `${ctx.publicUrl}/circles/invitations/${token}`;
      const { row, circleName, recipient } = await db.transaction(async (tx) => {
        // Locked: two invitations to one address at once replace each other in turn (one stays open).
        const { circle } = await authorize(tx, circleId, actor, 'invite', { lock: true });
        const existingUser = await circleRepo.userEmail(tx, body.email);
        if (existingUser && (await circleRepo.membership(tx, circleId, existingUser))) {
          throw conflict(CIRCLE_MESSAGES.alreadyMember);
        }
        const row = await circleRepo.replaceInvitation(tx, {
          circleId,
          email: body.email,
          role: body.role,
          monthlyCapJmd: body.monthlyCapJmd ?? null,
          tokenHash: hashToken(token),
          invitedBy: actor.id,
          createdAt: at,
          expiresAt: new Date(at.getTime() + INVITATION_DAYS * DAY_MS),
        });
        return { row, circleName: circle.name, recipient: circle.recipientFirstName };
      });
      await ctx.mailer.send({
        to: row.email,
        subject: `${actor.firstName} invited you to the care circle “${circleName}” on YaadCare`,
        text:
          `Hello,\n\n${actor.firstName} invited you to join “${circleName}”, the YaadCare care circle for ${recipient}, ` +
          `as ${ROLE_WORDS[row.role]}.\n\nOpen this link within ${INVITATION_DAYS} days, signed in with this e-mail ` +
          `address (or create a family account with it):\n\n${inviteUrl}\n\n` +
          'If you do not know this person, ignore this e-mail.\n\n— YaadCare',
      });
      return {
        id: row.id,
        email: row.email,
        role: row.role,
        monthlyCapJmd: row.monthlyCapJmd,
        expiresAt: row.expiresAt.toISOString(),
        inviteUrl,
      };
    },

    async listInvitations(actor: Actor, circleId: number): Promise<z.infer<typeof InvitationList>> {
      return db.transaction(async (tx) => {
        await authorize(tx, circleId, actor, 'invite');
        const rows = await circleRepo.openInvitations(tx, circleId, ctx.now());
        return {
          invitations: rows.map(({ invitation: i, invitedBy }) => ({
            id: i.id,
            email: i.email,
            role: i.role,
            monthlyCapJmd: i.monthlyCapJmd,
            expiresAt: i.expiresAt.toISOString(),
            createdAt: i.createdAt.toISOString(),
            invitedBy,
          })),
        };
      });
    },

    async revokeInvitation(actor: Actor, circleId: number, invitationId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await authorize(tx, circleId, actor, 'invite');
        if (!(await circleRepo.revokeInvitation(tx, circleId, invitationId, ctx.now()))) {
          throw notFound('Invitation not found');
        }
      });
    },

    async preview(actor: Actor, token: string): Promise<z.infer<typeof InvitationPreview>> {
      const { invitation: i, circle, invitedBy } = await usableInvitation(db, token, actor, ctx.now());
      return {
        circleName: circle.name,
        recipientFirstName: circle.recipientFirstName,
        recipientParish: circle.recipientParish,
        recipientTown: circle.recipientTown,
        role: i.role,
        monthlyCapJmd: i.monthlyCapJmd,
        invitedBy,
        expiresAt: i.expiresAt.toISOString(),
        accepted: i.acceptedAt !== null,
      };
    },

    /** Joins the circle with the invitation's role; accepting again answers the same, adding nothing. */
    async accept(actor: Actor, token: string): Promise<CircleView> {
      const at = ctx.now();
      return db.transaction(async (tx) => {
        const { invitation } = await usableInvitation(tx, token, actor, at);
        // The circle first (the lock order of every membership change), then the invitation.
        const circle = await circleRepo.lockCircle(tx, invitation.circleId);
        const locked = await circleRepo.lockInvitation(tx, invitation.id);
        if (!circle || !locked || locked.revokedAt) throw notFound(CIRCLE_MESSAGES.invitationNotFound);
        if (locked.acceptedAt === null) {
          await grantInvitedRole(tx, circle.id, actor.id, locked.role, locked.monthlyCapJmd, at);
          await circleRepo.markAccepted(tx, locked.id, actor.id, at);
        } else if (locked.acceptedBy !== actor.id) {
          throw notFound(CIRCLE_MESSAGES.invitationNotFound);
        }
        const me = await circleRepo.membership(tx, circle.id, actor.id);
        // Accepted earlier, and since removed or left: the old link does not let them back in.
        if (!me) throw notFound(CIRCLE_MESSAGES.invitationNotFound);
        return circleView(tx, circle, me.roles);
      });
    },
  };
}
