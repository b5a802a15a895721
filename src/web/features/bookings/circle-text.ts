import type { ApprovalReason } from '../../../shared/booking-rules';
import type { BookingView } from '../../../shared/contracts/bookings';

/** The circle part of a booking (ADR 0025), as a booking of a care circle carries it. */
export type BookingCircleView = NonNullable<BookingView['circle']>;

/** "Hyacinth, Mandeville": a circle's recipient in a choice or a short line. */
export function recipientShort(recipient: { firstName: string; town: string }): string {
  return `${recipient.firstName}, ${recipient.town}`;
}

/**
 * "For Hyacinth (Mummy's care, Mandeville)": a circle booking as its members see it; the town is left out
 * when the circle's name already says it ("For Gloria (Mummy in Mandeville)").
 */
export function forRecipient(circle: BookingCircleView): string {
  const { firstName, town } = circle.recipient;
  if (!circle.name) return `For ${firstName} (${town})`;
  const named = circle.name.toLowerCase().includes(town.toLowerCase());
  return named ? `For ${firstName} (${circle.name})` : `For ${firstName} (${circle.name}, ${town})`;
}

/** "Care for Hyacinth (Mandeville)": a circle booking as the caregiver sees it. */
export function careFor(circle: BookingCircleView): string {
  return `Care for ${circle.recipient.firstName} (${circle.recipient.town})`;
}

/** Why a payer must approve first, as the end of a sentence. */
export function approvalReasonText(reason: ApprovalReason): string {
  return reason === 'over_cap'
    ? 'this booking would take the month past a payer’s monthly spending cap'
    : 'the circle asks a payer to approve every booking';
}

/**
 * The approval line of a circle booking for its members, or null when none was needed. `viewerId`: the
 * signed-in member; the one who requested a booking is told they cannot approve it themselves (ADR 0039).
 */
export function approvalStateText(
  booking: Pick<BookingView, 'status' | 'circle' | 'familyId'>,
  viewerId?: number,
): string | null {
  const approval = booking.circle?.approval;
  if (!approval) return null;
  const by = approval.byFirstName;
  if (approval.state === 'approved') return by ? `Approved by ${by}` : 'Approved';
  if (approval.state === 'declined') return by ? `Declined by ${by}` : 'Declined';
  if (booking.status === 'expired') return 'No payer approved it in time: it expired.';
  if (booking.status === 'cancelled') return 'Cancelled before a payer approved it.';
  const waiting = `Waiting for a payer’s approval: ${approvalReasonText(approval.reason)}.`;
  return viewerId !== undefined && booking.familyId === viewerId
    ? `${waiting} You requested it, so you cannot approve it yourself: if no other payer approves it within 24 hours, it expires.`
    : waiting;
}

/** What the booking forms say and where they go once a booking was made. */
export interface BookingOutcome {
  title: string;
  description: string;
  path: string;
}

/**
 * After POST /api/bookings: a circle booking that waits for approval goes to /bookings, saying the caregiver
 * sees nothing until a payer approves and why; one the booker may not pay (a coordinator who is not a payer)
 * goes there too; the rest go to the payment page as before.
 */
export function bookingOutcome(booking: BookingView, caregiverFirstName: string): BookingOutcome {
  const circle = booking.circle;
  if (!circle) {
    return {
      title: 'Booking Request Created!',
      description: `Proceeding to secure payment for ${caregiverFirstName}`,
      path: `/payment/${booking.id}`,
    };
  }
  const who = circle.recipient.firstName;
  if (booking.status === 'awaiting_approval') {
    const reason = circle.approval ? ` because ${approvalReasonText(circle.approval.reason)}` : '';
    return {
      title: 'Sent for approval',
      description: `A payer in the circle must approve this booking for ${who}${reason}. ${caregiverFirstName} sees the request only after that.`,
      path: `/bookings?booking=${booking.id}`,
    };
  }
  if (!circle.canPay) {
    return {
      title: 'Booking Request Created!',
      description: `${caregiverFirstName} has your request for ${who}. A payer in the circle pays for it.`,
      path: `/bookings?booking=${booking.id}`,
    };
  }
  return {
    title: 'Booking Request Created!',
    description: `Proceeding to secure payment for ${caregiverFirstName}`,
    path: `/payment/${booking.id}`,
  };
}
