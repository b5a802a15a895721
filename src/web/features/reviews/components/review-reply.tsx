import { formatDate } from '../../../lib/format';

/** The caregiver's public reply under a review (profile page). */
export function ReviewReply({ review }: { review: object }) {
  // GET /api/reviews/caregiver/{id} carries the reply (PublicReviewWithReply); older shapes have none.
  const reply = (review as { reply?: { text: string; createdAt: string } | null }).reply;
  if (!reply) return null;
  return (
    <div className="mt-3 rounded-lg border-l-4 border-primary bg-muted/50 px-3 py-2">
      <p className="text-sm font-semibold">
        Reply from the caregiver{' '}
        <span className="font-normal text-muted-foreground">· {formatDate(reply.createdAt)}</span>
      </p>
      <p className="mt-1 text-sm">{reply.text}</p>
    </div>
  );
}
