import { useId, useState } from 'react';
import { REVIEW_COMMENT_MAX, REVIEW_REPLY_MAX } from '../../../../shared/review-limits';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { useCreateReview, useRateFamily, useReplyToReview } from '../api';
import { StarPicker } from './star-picker';

function RatingForm({
  title,
  hint,
  submitLabel,
  onSubmit,
  pending,
  error,
  onCancel,
}: {
  title: string;
  hint: string;
  submitLabel: string;
  onSubmit: (rating: number, comment: string) => void;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
}) {
  const id = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      aria-labelledby={`${id}-title`}
      className="mt-3 space-y-3 rounded-xl border border-border bg-muted/40 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (rating < 1) {
          setMissing(true);
          return;
        }
        onSubmit(rating, comment.trim());
      }}
    >
      <h3 id={`${id}-title`} className="font-bold">
        {title}
      </h3>
      <p className="text-sm text-muted-foreground">{hint}</p>
      <StarPicker
        value={rating}
        onChange={(v) => {
          setRating(v);
          setMissing(false);
        }}
      />
      {missing ? <Alert>Please choose a rating from 1 to 5</Alert> : null}
      <div>
        <label htmlFor={`${id}-comment`} className="font-semibold">
          Comment (optional)
        </label>
        <Textarea
          id={`${id}-comment`}
          value={comment}
          maxLength={REVIEW_COMMENT_MAX}
          rows={3}
          onChange={(e) => setComment(e.target.value)}
          className="mt-1"
        />
        <p className="mt-1 text-xs text-muted-foreground">
          {comment.length.toLocaleString('en-US')} / {REVIEW_COMMENT_MAX.toLocaleString('en-US')}
        </p>
      </div>
      {error ? <Alert>{errorMessage(error, 'Something went wrong. Please try again.')}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Sending...' : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** 'Leave a review' on a family's completed booking (double-blind, within 14 days). */
export function LeaveReview({
  bookingId,
  caregiverName,
  defaultOpen = false,
}: {
  bookingId: number;
  caregiverName: string;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [sent, setSent] = useState(false);
  const create = useCreateReview();
  if (sent) return <p className="text-sm font-semibold">Thank you — your review was sent.</p>;
  if (!open) {
    return (
      <Button size="sm" onClick={() => setOpen(true)}>
        Leave a review
      </Button>
    );
  }
  return (
    <RatingForm
      title={`Review ${caregiverName}`}
      hint="Reviews are double-blind: yours is published when your caregiver has shared their feedback too, or after 14 days."
      submitLabel="Submit review"
      pending={create.isPending}
      error={create.error}
      onCancel={() => setOpen(false)}
      onSubmit={(rating, comment) =>
        create.mutate(
          { bookingId, rating, comment: comment || null },
          {
            onSuccess: (review) => {
              setSent(true);
              toast({
                title: 'Review submitted',
                description:
                  review.status === 'published'
                    ? 'Thank you! Your review is now on the profile.'
                    : 'Thank you! It will be published once your caregiver has shared their feedback, or after 14 days.',
              });
            },
          },
        )
      }
    />
  );
}

/** The caregiver's private rating of a family (never shown to the family). */
export function RateFamily({ bookingId, familyName }: { bookingId: number; familyName: string }) {
  const [open, setOpen] = useState(false);
  const rate = useRateFamily();
  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Rate family
      </Button>
    );
  }
  return (
    <RatingForm
      title={`Rate ${familyName} (private)`}
      hint="Only YaadCare sees this rating. It also lets the family's review of you be published."
      submitLabel="Submit rating"
      pending={rate.isPending}
      error={rate.error}
      onCancel={() => setOpen(false)}
      onSubmit={(rating, comment) =>
        rate.mutate(
          { bookingId, rating, comment: comment || null },
          {
            onSuccess: () => {
              setOpen(false);
              toast({ title: 'Rating saved', description: 'Thank you for your feedback.' });
            },
          },
        )
      }
    />
  );
}

/** The caregiver's one public reply under a published review. */
export function ReplyForm({ reviewId }: { reviewId: number }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const reply = useReplyToReview();
  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Reply
      </Button>
    );
  }
  return (
    <form
      className="mt-2 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return;
        // mutateAsync: the form unmounts once the reply is in (the list refetches), the toast must still show.
        reply
          .mutateAsync({ id: reviewId, reply: text.trim() })
          .then(() => toast({ title: 'Reply posted', description: 'Your reply now shows under the review.' }))
          .catch(() => {
            // Shown in the form (reply.error).
          });
      }}
    >
      <label htmlFor={`${id}-reply`} className="font-semibold">
        Your public reply (one per review)
      </label>
      <Textarea
        id={`${id}-reply`}
        value={text}
        maxLength={REVIEW_REPLY_MAX}
        rows={3}
        required
        onChange={(e) => setText(e.target.value)}
      />
      {reply.error ? (
        <Alert>{errorMessage(reply.error, 'Something went wrong. Please try again.')}</Alert>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={reply.isPending}>
          {reply.isPending ? 'Posting...' : 'Post reply'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
