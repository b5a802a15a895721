import type { Tx } from '../../db/client';
import { circleRepo } from './repo';

/** What the privacy export shows of a user's circles: the circles with their roles, and invitations (no token hashes). */
export function circleExport() {
  return {
    async exportFor(tx: Tx, user: { id: number; email: string }) {
      const circles = await circleRepo.circlesOf(tx, user.id);
      const invitations = await circleRepo.invitationsOf(tx, user.id, user.email);
      return {
        circles: circles.map(({ circle: c, roles, joinedAt }) => ({
          id: c.id,
          name: c.name,
          myRoles: roles,
          joinedAt,
          createdByMe: c.createdBy === user.id,
          recipient: {
            firstName: c.recipientFirstName,
            lastName: c.recipientLastName,
            parish: c.recipientParish,
            town: c.recipientTown,
            address: c.recipientAddress,
            needs: c.recipientNeeds,
            notes: c.recipientNotes,
            emergencyContactName: c.emergencyContactName,
            emergencyContactPhone: c.emergencyContactPhone,
          },
          approvalRequired: c.approvalRequired,
        })),
        invitations: invitations.map((i) => ({
          ...i,
          direction: i.invitedBy === user.id ? 'sent' : 'received',
        })),
      };
    },
  };
}
