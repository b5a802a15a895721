import { useSearchParams } from '../../../lib/router';
import { useCurrentUser } from '../../auth/api';
import { LeaveReview } from './review-forms';

/**
 * The profile's '?review={bookingId}' (the 'Leave a review' link on a family's bookings): the review form,
 * open, for the signed-in family. The server decides whether this family may review that booking.
 */
export function ReviewFromLink({ caregiverName }: { caregiverName: string }) {
  const [params] = useSearchParams();
  const { data: user } = useCurrentUser();
  const bookingId = Number(params.get('review'));
  if (user?.userType !== 'family' || !Number.isInteger(bookingId) || bookingId <= 0) return null;
  return (
    <section
      id="reviews"
      aria-label="Leave a review"
      className="rounded-2xl border border-border bg-surface p-5 shadow-sm sm:p-6"
    >
      <LeaveReview bookingId={bookingId} caregiverName={caregiverName} defaultOpen />
    </section>
  );
}
