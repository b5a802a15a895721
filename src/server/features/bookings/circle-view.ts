import type { BookingCircle } from '../../../shared/contracts/bookings';
import type { CircleRole } from '../../../shared/contracts/circles';
import { LIVE_PAYMENT_STATUSES } from '../../../shared/payment-status';
import type { Tx } from '../../db/client';
import type { CircleRow } from '../circles';
import type { Actor, BookingCircleRules } from './booking-context';
import type { BookingJoined } from './repo';

type CircleOut = NonNullable<import('zod').infer<typeof BookingCircle>>;

/** The circles of some bookings with the viewer's roles in each (undefined: not a member). */
export type CircleFacts = Map<number, { circle: CircleRow; roles: CircleRole[] | undefined }>;

/** Reads the circles of `rows` once each, with the viewer's roles. */
export async function circleFactsFor(
  circles: Pick<BookingCircleRules, 'find' | 'rolesOf'>,
  tx: Tx,
  rows: readonly Pick<BookingJoined, 'b'>[],
  viewer: Pick<Actor, 'id'>,
): Promise<CircleFacts> {
  const facts: CircleFacts = new Map();
  for (const id of new Set(rows.map((r) => r.b.circleId).filter((c): c is number => c !== null))) {
    const circle = await circles.find(tx, id);
    if (circle) facts.set(id, { circle, roles: await circles.rolesOf(tx, id, viewer.id) });
  }
  return facts;
}

/**
 * The circle part of a booking as `viewer` sees it: a member sees the recipient, the approval and what they
 * may do; the caregiver sees who the care is for (surname, address and emergency contact once confirmed),
 * never the circle's name, its members, the approval or the payer.
 */
export function circleOfBooking(
  row: Pick<BookingJoined, 'b' | 'cg' | 'approverFirstName' | 'payment'>,
  viewer: Pick<Actor, 'id' | 'userType'>,
  facts: CircleFacts,
): CircleOut | null {
  const b = row.b;
  const fact = b.circleId === null ? undefined : facts.get(b.circleId);
  if (!fact) return null;
  const { circle, roles } = fact;
  const isCaregiver = viewer.id === row.cg.userId;
  const confirmed = b.status === 'confirmed' || b.status === 'completed';
  const full = !isCaregiver || confirmed;
  const member = roles !== undefined && !isCaregiver;
  const has = (role: CircleRole) => member && roles.includes(role);
  return {
    id: circle.id,
    name: isCaregiver ? null : circle.name,
    recipient: {
      firstName: circle.recipientFirstName,
      lastName: full ? circle.recipientLastName : null,
      parish: circle.recipientParish,
      town: circle.recipientTown,
      address: full ? circle.recipientAddress : null,
      needs: circle.recipientNeeds,
      notes: circle.recipientNotes,
      emergencyContact:
        full && circle.emergencyContactName && circle.emergencyContactPhone
          ? { name: circle.emergencyContactName, phone: circle.emergencyContactPhone }
          : null,
    },
    approval:
      isCaregiver || b.approvalState === null || b.approvalReason === null
        ? null
        : {
            state: b.approvalState,
            reason: b.approvalReason,
            byFirstName: row.approverFirstName ?? null,
            at: b.approvalAt ? b.approvalAt.toISOString() : null,
          },
    // Never the one who requested it (ADR 0039): another payer answers.
    canApprove: has('payer') && b.status === 'awaiting_approval' && b.familyId !== viewer.id,
    // Nothing stands paid for it yet: before the visit (a hold), or after it (what is owed).
    canPay:
      has('payer') &&
      (b.status === 'pending' || b.status === 'confirmed' || b.status === 'completed') &&
      !(row.payment && LIVE_PAYMENT_STATUSES.includes(row.payment.status)),
    canCancel:
      has('coordinator') &&
      (b.status === 'awaiting_approval' || b.status === 'pending' || b.status === 'confirmed'),
  };
}
