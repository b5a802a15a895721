import { lazy, Suspense } from 'react';
import { useSearchParams } from '../../../lib/router';
import { useHydrated } from '../../../lib/use-hydrated';
import { useCurrentUser } from '../../auth/api';

/** The form's code (its mutation, the star picker) loads only for the family who followed the link (ADR 0023). */
const LeaveReview = lazy(() => import('./review-forms').then((m) => ({ default: m.LeaveReview })));

const LOADING = <p role="status">Loading the review form…</p>;

/**
 * The profile's '?review={bookingId}' (the 'Leave a review' link on a family's bookings): the review form,
 * open, for the signed-in family. The server decides whether this family may review that booking.
 */
export function ReviewFromLink({ caregiverName }: { caregiverName: string }) {
  const [params] = useSearchParams();
  const { data: user } = useCurrentUser();
  const bookingId = Number(params.get('review'));
  // Drawn by the browser only: a server-drawn form would take typing before its code is there.
  const live = useHydrated();
  if (user?.userType !== 'family' || !Number.isInteger(bookingId) || bookingId <= 0) return null;
  return (
    <section
      id="reviews"
      aria-label="Leave a review"
      className="rounded-2xl border border-border bg-surface p-5 shadow-sm sm:p-6"
    >
      {live ? (
        <Suspense fallback={LOADING}>
          <LeaveReview bookingId={bookingId} caregiverName={caregiverName} defaultOpen />
        </Suspense>
      ) : (
        LOADING
      )}
    </section>
  );
}
