import { BOOKING_MESSAGES } from '../../../shared/contracts/bookings';
import type { Tx } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import type { Actor, BookingContext } from './booking-context';
import type { BookingRow } from './events';
import { bookingRepo, caregiverSees } from './repo';

export type PartySide = { side: 'family'; isPayer: boolean } | { side: 'caregiver' };

/**
 * Which side of a booking `actor` answers for (ADR 0048): the family who booked; for a care circle's booking
 * a coordinator ('book') or a payer ('approve') of the circle (`isPayer`: may approve its spending); or its
 * caregiver, once it reached them. A circle member with neither role is 403; anyone else 404 (no probing).
 */
export async function sideOfActor(
  ctx: Pick<BookingContext, 'circles'>,
  tx: Tx,
  actor: Actor,
  booking: BookingRow,
): Promise<PartySide> {
  if (booking.circleId === null) {
    if (booking.familyId === actor.id) return { side: 'family', isPayer: true };
  } else if (actor.userType === 'family') {
    const book = await ctx.circles.decide(tx, booking.circleId, actor.id, 'book');
    const approve = await ctx.circles.decide(tx, booking.circleId, actor.id, 'approve');
    if (book === 'allowed' || approve === 'allowed')
      return { side: 'family', isPayer: approve === 'allowed' };
    if (book === 'forbidden' || approve === 'forbidden') throw forbidden();
  }
  const caregiverId =
    actor.userType === 'caregiver' ? await bookingRepo.caregiverIdOfUser(tx, actor.id) : undefined;
  if (caregiverId !== undefined && caregiverId === booking.caregiverId && caregiverSees(booking))
    return { side: 'caregiver' };
  throw notFound(BOOKING_MESSAGES.notYours);
}
