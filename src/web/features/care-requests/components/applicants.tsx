import { Dialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { formatJmd, toCents } from '../../../../shared/money';
import { CaregiverPhoto } from '../../../components/caregiver-photo';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { VerifiedBadge } from '../../../components/verified-badge';
import { errorMessage } from '../../../lib/error-messages';
import { Link } from '../../../lib/router';
import { type Applicant, type CareRequestView, useBookApplicant } from '../api';

const nameOf = (a: Applicant) => `${a.firstName} ${a.lastInitial}.`;
const STATUS: Record<NonNullable<Applicant['status']>, string> = {
  applied: 'Applied',
  booked: 'Booked',
  declined: 'Not chosen',
  withdrawn: 'Withdrawn',
};

function distanceWords(a: Applicant): string {
  if (a.distanceKm === null) return 'Distance unknown';
  if (a.distanceKm === 0) return 'Same parish';
  return `About ${a.distanceKm} km away`;
}

function BookButton({ request, applicant }: { request: CareRequestView; applicant: Applicant }) {
  const [open, setOpen] = useState(false);
  const book = useBookApplicant(request.id);
  const name = nameOf(applicant);
  const total = toCents(applicant.hourlyRate) * request.hours;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="sm">Book {name}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-lg">
          <Dialog.Title className="text-lg font-bold">Book {name}?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm">
            We send {name} a booking request for the first visit at {formatJmd(toCents(applicant.hourlyRate))}{' '}
            an hour ({formatJmd(total)} before the service fee). {name} must accept it; you pay as for any
            booking. The other applicants are told kindly that the request is filled.
          </Dialog.Description>
          {book.isError ? (
            <Alert className="mt-3">
              {errorMessage(book.error, 'The booking was not made. Please try again.')}
            </Alert>
          ) : null}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline">Not now</Button>
            </Dialog.Close>
            <Button
              disabled={book.isPending || applicant.applicationId === null}
              onClick={() =>
                applicant.applicationId !== null &&
                book.mutate(applicant.applicationId, { onSuccess: () => setOpen(false) })
              }
            >
              {book.isPending ? 'Booking…' : `Book ${name}`}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** One caregiver beside the others: rate, reliability, reviews, verification and distance. */
export function ApplicantCard({
  applicant: a,
  request,
  bookable,
  extra,
}: {
  applicant: Applicant;
  request: CareRequestView;
  bookable: boolean;
  /** More actions from the page (e.g. "Ask to meet"). */
  extra?: ReactNode;
}) {
  const name = nameOf(a);
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-2xl border bg-surface p-4" data-testid="applicant">
      <div className="flex items-center gap-3">
        <CaregiverPhoto src={a.profileImageUrl} alt="" size={48} className="rounded-full" />
        <div className="min-w-0">
          <h3 className="font-bold">
            <Link to={`/caregiver/${a.caregiverId}`} className="hover:underline">
              {name}
            </Link>
          </h3>
          {a.verified ? <VerifiedBadge /> : <span className="text-xs">Not yet verified</span>}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">Rate</dt>
        <dd>{formatJmd(toCents(a.hourlyRate))} an hour</dd>
        <dt className="font-semibold">Reliability</dt>
        <dd>{Math.round(a.reliability * 100)}%</dd>
        <dt className="font-semibold">Reviews</dt>
        <dd>{a.totalReviews > 0 ? `${a.averageRating.toFixed(1)} ★ (${a.totalReviews})` : 'None yet'}</dd>
        <dt className="font-semibold">Distance</dt>
        <dd>{distanceWords(a)}</dd>
        {a.status ? (
          <>
            <dt className="font-semibold">Status</dt>
            <dd>{STATUS[a.status]}</dd>
          </>
        ) : null}
      </dl>
      {a.message ? <p className="break-words text-sm whitespace-pre-line">“{a.message}”</p> : null}
      <div className="mt-auto flex flex-wrap gap-2">
        <Link to={`/chat/${a.userId}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Message {name}
        </Link>
        {extra}
        {bookable && a.status === 'applied' ? <BookButton request={request} applicant={a} /> : null}
        {a.bookingId ? (
          <Link to="/bookings" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            See the booking
          </Link>
        ) : null}
      </div>
    </li>
  );
}
