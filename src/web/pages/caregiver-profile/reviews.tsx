import { useInfiniteQuery } from '@tanstack/react-query';
import { StarRating } from '../../components/star-rating';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/form-field';
import { caregiverReviewsQuery, type PublicReview } from '../../features/caregivers/api';
import { ReviewReply } from '../../features/reviews/components/review-reply';
import { displayName, formatDate } from '../../lib/format';
import { ReviewsLoading, Section } from './section';

function ReviewItem({ review }: { review: PublicReview }) {
  return (
    <li className="border-b border-border py-4 last:border-b-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">{displayName(review.family.firstName, review.family.lastName)}</p>
        <p className="text-sm text-muted-foreground">{formatDate(review.createdAt)}</p>
      </div>
      <StarRating value={review.rating} className="mt-1" />
      {review.comment ? <p className="mt-2">{review.comment}</p> : null}
      <ReviewReply review={review} />
    </li>
  );
}

/**
 * The caregiver's published reviews, five at a time. Below the fold on a phone: its code is a chunk of its
 * own (ADR 0023), and a server-rendered page keeps the server's list until it has arrived.
 */
export default function Reviews({ caregiverId }: { caregiverId: number }) {
  const { data, isPending, isError, refetch, fetchNextPage, hasNextPage, isFetchingNextPage, isFetching } =
    useInfiniteQuery(caregiverReviewsQuery(caregiverId));
  const reviews = data?.pages.flatMap((p) => p.items) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  if (isPending) return <ReviewsLoading />;
  return (
    <Section title={total ? `Reviews (${total})` : 'Reviews'}>
      {isError && !data ? (
        <Alert className="flex flex-wrap items-center justify-between gap-3">
          <span>We couldn't load the reviews.</span>
          <Button size="sm" variant="outline" onClick={() => void refetch()} disabled={isFetching}>
            Retry
          </Button>
        </Alert>
      ) : reviews.length === 0 ? (
        <p className="text-muted-foreground">No reviews yet.</p>
      ) : (
        <>
          <ul>
            {reviews.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
          {isError ? <Alert className="mt-3">We couldn't load more reviews. Please try again.</Alert> : null}
          {hasNextPage ? (
            <Button
              variant="outline"
              className="mt-4"
              onClick={() => void fetchNextPage()}
              disabled={isFetchingNextPage}
            >
              {isFetchingNextPage ? 'Loading…' : 'Show more'}
            </Button>
          ) : null}
        </>
      )}
    </Section>
  );
}
