import type { z } from 'zod';
import type { CircleList, CircleView, CreateCircleRequest } from '../../../shared/contracts/circles';
import { forbidden } from '../../errors';
import { type Actor, authorize, type CircleContext, circleView } from './circle-context';
import { circleRepo } from './repo';

type CreateInput = z.output<typeof CreateCircleRequest>;

/** Creating a circle, and what a member reads of their circles. */
export function circleRecords(ctx: CircleContext) {
  const { db } = ctx;
  return {
    /**
     * Whether the user is a member of the circle: asked before a request's body is read, so that anyone
     * else gets the same 404 whatever they sent (the policy then decides each action).
     */
    async isMember(userId: number, circleId: number): Promise<boolean> {
      return (await circleRepo.membership(db, circleId, userId)) !== undefined;
    },

    /** A family creates a circle; they hold coordinator and payer, both provisionally, until others accept. */
    async create(actor: Actor, body: CreateInput): Promise<CircleView> {
      if (actor.userType !== 'family') throw forbidden();
      const at = ctx.now();
      const r = body.recipient;
      return db.transaction(async (tx) => {
        const circle = await circleRepo.insertCircle(tx, {
          name: body.name,
          recipientFirstName: r.firstName,
          recipientLastName: r.lastName,
          recipientParish: r.parish,
          recipientTown: r.town,
          recipientAddress: r.address,
          recipientNeeds: r.needs,
          recipientNotes: r.notes,
          emergencyContactName: r.emergencyContact?.name ?? null,
          emergencyContactPhone: r.emergencyContact?.phone ?? null,
          approvalRequired: body.approvalRequired ?? false,
          createdBy: actor.id,
          createdAt: at,
          updatedAt: at,
        });
        await circleRepo.insertMember(tx, {
          circleId: circle.id,
          userId: actor.id,
          roles: ['coordinator', 'payer'],
          provisionalRoles: ['coordinator', 'payer'],
          // Creating the circle, the creator took on paying for it themselves (ADR 0039).
          payerConsentedAt: at,
          joinedAt: at,
        });
        return circleView(tx, circle, ['coordinator', 'payer']);
      });
    },

    async list(actor: Actor): Promise<z.infer<typeof CircleList>> {
      const rows = await circleRepo.circlesOf(db, actor.id);
      return {
        circles: rows.map(({ circle, roles }) => ({
          id: circle.id,
          name: circle.name,
          recipientFirstName: circle.recipientFirstName,
          recipientParish: circle.recipientParish,
          recipientTown: circle.recipientTown,
          myRoles: roles,
        })),
      };
    },

    async get(actor: Actor, circleId: number): Promise<CircleView> {
      return db.transaction(async (tx) => {
        const { circle, me } = await authorize(tx, circleId, actor, 'view');
        return circleView(tx, circle, me.roles);
      });
    },
  };
}
