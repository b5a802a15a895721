import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { formatDate } from '../../../lib/format';
import { type AdminReview, type AdminReviewStatus, useAdminReviews, useSetReviewHidden } from '../api';

const FILTERS: { value: AdminReviewStatus; label: string }[] = [
  { value: 'published', label: 'Published' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'pending', label: 'Waiting (double-blind)' },
];

function ReviewRow({ review }: { review: AdminReview }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [open, setOpen] = useState(false);
  const mutation = useSetReviewHidden();
  const done = (title: string) => () => {
    setOpen(false);
    setReason('');
    toast({ title });
  };
  const fail = (error: unknown) =>
    toast({
      variant: 'destructive',
      title: 'Not changed',
      description: errorMessage(error, 'Please try again.'),
    });
  return (
    <li className="space-y-2 rounded-xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {review.rating}★ for {review.caregiver.firstName} {review.caregiver.lastName} by{' '}
          {review.family.firstName} {review.family.lastName}
        </p>
        <p className="text-sm text-muted-foreground">
          Booking #{review.bookingId} · {formatDate(review.createdAt)}
        </p>
      </div>
      {review.comment ? <p>{review.comment}</p> : <p className="text-muted-foreground">No comment.</p>}
      {review.reply ? <p className="text-sm text-muted-foreground">Reply: {review.reply}</p> : null}
      {review.hiddenAt ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm">
            Hidden {formatDate(review.hiddenAt)}: <span className="font-semibold">{review.hiddenReason}</span>
          </p>
          <Button
            size="sm"
            variant="outline"
            disabled={mutation.isPending}
            onClick={() =>
              mutation.mutate(
                { id: review.id, reason: null },
                { onSuccess: done('Review shown again'), onError: fail },
              )
            }
          >
            Show again
          </Button>
        </div>
      ) : open ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            mutation.mutate(
              { id: review.id, reason: reason.trim() },
              { onSuccess: done('Review hidden'), onError: fail },
            );
          }}
        >
          <div className="min-w-60 flex-1">
            <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
              Reason for hiding
            </label>
            <Input
              id={`${id}-reason`}
              value={reason}
              minLength={3}
              maxLength={500}
              required
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <Button type="submit" size="sm" variant="destructive" disabled={mutation.isPending}>
            Hide review
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </form>
      ) : review.publishedAt ? (
        <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
          Hide…
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">Not published yet.</p>
      )}
    </li>
  );
}

/** /admin: reviews that break the rules are hidden with a reason (the averages follow). */
export function AdminReviewsPanel() {
  const [status, setStatus] = useState<AdminReviewStatus>('published');
  const { data, isPending, isError } = useAdminReviews(status);
  return (
    <section aria-labelledby="admin-reviews-heading" className="mt-10 space-y-4">
      <h2 id="admin-reviews-heading" className="text-2xl font-bold">
        Reviews
      </h2>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show reviews</legend>
        {FILTERS.map((f) => (
          <Button
            key={f.value}
            size="sm"
            variant={status === f.value ? 'primary' : 'outline'}
            aria-pressed={status === f.value}
            onClick={() => setStatus(f.value)}
          >
            {f.label}
          </Button>
        ))}
      </fieldset>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <Alert>We couldn't load the reviews.</Alert>
      ) : data.items.length === 0 ? (
        <p className="text-muted-foreground">No reviews here.</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {data.total.toLocaleString('en-US')} in all; newest first.
          </p>
          <ul className="space-y-3">
            {data.items.map((r) => (
              <ReviewRow key={r.id} review={r} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
