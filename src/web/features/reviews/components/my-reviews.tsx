import { StarRating } from '../../../components/star-rating';
import { displayName, formatDate, plural } from '../../../lib/format';
import { useMyReviews } from '../api';
import { ReplyForm } from './review-forms';

/** A caregiver's own reviews (on the dashboard's profile tab): how many wait, the published ones, a reply form. */
export function MyReviews() {
  const { data, isPending, isError } = useMyReviews();
  if (isPending) return <p className="text-muted-foreground">Loading reviews…</p>;
  if (isError) return <p className="text-muted-foreground">We couldn't load your reviews.</p>;
  return (
    <div className="space-y-3">
      {data.waiting > 0 ? (
        <p className="text-sm text-muted-foreground">
          {plural(data.waiting, 'review')} waiting: reviews are published once you have rated the family too,
          or after 14 days.
        </p>
      ) : null}
      {data.published.length === 0 ? (
        <p className="text-muted-foreground">No published reviews yet.</p>
      ) : (
        <ul className="space-y-3">
          {data.published.map((r) => (
            <li key={r.id} className="rounded-xl border border-border bg-surface p-4">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                {displayName(r.family.firstName, r.family.lastName)} <StarRating value={r.rating} />
                <span className="text-sm font-normal text-muted-foreground">{formatDate(r.createdAt)}</span>
              </p>
              {r.comment ? <p className="mt-1">{r.comment}</p> : null}
              {r.reply ? (
                <p className="mt-2 rounded-lg bg-muted/50 px-3 py-2 text-sm">
                  <span className="font-semibold">Your reply:</span> {r.reply.text}
                </p>
              ) : (
                <div className="mt-2">
                  <ReplyForm reviewId={r.id} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
