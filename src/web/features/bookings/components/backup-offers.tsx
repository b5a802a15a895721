import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { BACKUP_RULES, type BackupOffer } from '../../../../shared/contracts/backups';
import { formatMemberMoment } from '../../../../shared/member-time';
import { formatJmd, toCents } from '../../../../shared/money';
import { CaregiverPhoto } from '../../../components/caregiver-photo';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-messages';
import { Link } from '../../../lib/router';
import { useCurrentUser } from '../../auth/api';
import { useBooking } from '../api';
import { type RebookAnswer, useBackupOffers, useRebook } from '../backups-api';
import { formatDay, timeRange } from '../booking-time-text';

const nameOf = (o: BackupOffer) => `${o.firstName} ${o.lastInitial}.`;

/** What happens to the family's hold when they book this backup (the server's answer is what counts). */
function holdWords(offer: BackupOffer, hold: { amount: string } | null): string {
  if (!hold)
    return 'Nothing was held for the cancelled booking: you pay for the new one once it is accepted.';
  const held = toCents(hold.amount);
  const total = toCents(offer.totalCost);
  if (total <= held)
    return `Your hold of ${formatJmd(held)} moves to this booking without a new charge${total < held ? `, and ${formatJmd(held - total)} goes back to your card` : ''}.`;
  return `Your hold of ${formatJmd(held)} moves to this booking and is raised by ${formatJmd(total - held)} where your card allows it; otherwise it is released in full and you pay the new booking.`;
}

function OfferCard({
  offer,
  hold,
  bookingId,
  onBooked,
}: {
  offer: BackupOffer;
  hold: { amount: string } | null;
  bookingId: number;
  onBooked: (answer: RebookAnswer) => void;
}) {
  const [open, setOpen] = useState(false);
  const rebook = useRebook(bookingId);
  const name = nameOf(offer);
  return (
    <li
      className="flex flex-wrap items-center gap-4 rounded-2xl border bg-surface p-4"
      data-testid="backup-offer"
    >
      <CaregiverPhoto src={offer.profileImageUrl} alt="" size={56} className="rounded-full" />
      <div className="min-w-0 flex-1">
        <h3 className="font-bold">
          <Link to={`/caregiver/${offer.caregiverId}`} className="hover:underline">
            {name}
          </Link>
        </h3>
        <p className="text-sm">
          {[offer.town, offer.parish].filter(Boolean).join(', ')}
          {offer.travel ? ` · ${offer.travel}` : ''}
        </p>
        <p className="text-sm">
          {formatJmd(toCents(offer.hourlyRate))} an hour · {formatJmd(toCents(offer.totalCost))} for this
          booking
        </p>
        <p className="text-sm font-semibold text-primary-deep">{offer.reason}</p>
      </div>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <Button size="sm">Book {name}</Button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-lg">
            <Dialog.Title className="text-lg font-bold">Book {name}?</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm">
              {name} gets the same date, time and notes, at {formatJmd(toCents(offer.totalCost))}, and must
              accept it. {holdWords(offer, hold)}
            </Dialog.Description>
            {rebook.isError ? (
              <Alert className="mt-3">
                {errorMessage(rebook.error, 'The backup was not booked. Please try again.')}
              </Alert>
            ) : null}
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="outline">Not now</Button>
              </Dialog.Close>
              <Button
                disabled={rebook.isPending}
                onClick={() =>
                  // mutateAsync, not mutate's callbacks: the offers refresh after the rebook and this card
                  // unmounts, and the answer must still reach the page (issue 32, item 5c).
                  rebook
                    .mutateAsync(offer.caregiverId)
                    .then((answer) => {
                      setOpen(false);
                      onBooked(answer);
                    })
                    .catch(() => {
                      // Shown in the dialog from rebook.error.
                    })
                }
              >
                {rebook.isPending ? 'Booking…' : `Book ${name}`}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </li>
  );
}

/**
 * The backup booked for this booking, as a confirmation: who, and where it stands (the booking's own
 * state), with until when a request must be accepted (ADR 0034: within 2 hours, or by the visit's end).
 */
function BackupBooked({
  backupId,
  timeZone,
  answer,
}: {
  backupId: number;
  timeZone: string | undefined;
  answer: RebookAnswer | null;
}) {
  const backup = useBooking(backupId);
  const b = backup.data ?? answer?.booking;
  const name = b ? `${b.caregiver.firstName} ${b.caregiver.lastName.charAt(0)}.` : 'Your backup';
  let state: string;
  if (!b) state = 'Backup requested.';
  else if (b.status === 'pending') {
    const by = Math.min(
      new Date(b.createdAt).getTime() + BACKUP_RULES.answerWithinMs,
      new Date(b.endsAt).getTime(),
    );
    state = `Backup requested: ${name} has until ${formatMemberMoment(new Date(by), timeZone)} to accept; we will tell you as soon as they answer.`;
  } else if (b.status === 'awaiting_approval')
    state = `Backup requested: ${name}, waiting for your circle’s approval; we will tell you when it is approved.`;
  else if (b.status === 'confirmed' || b.status === 'completed')
    state = `Backup confirmed: ${name} accepted and is coming for ${formatDay(b.date)}, ${timeRange(b)}.`;
  else state = `Your backup request to ${name} is ${b.status}.`;
  return (
    <Alert variant="info">
      <h2 className="font-bold">Backup booked</h2>
      <p role="status">{state}</p>
      {answer ? <p className="mt-1 text-sm">{answer.message}</p> : null}
      <Link to="/bookings" className="mt-2 inline-block font-semibold underline">
        See the backup in your bookings
      </Link>
    </Alert>
  );
}

/**
 * "Your caregiver cancelled — here are backups": up to three offers computed by the server, each booked in
 * one tap after a confirmation that says what happens to the hold (ADR 0034).
 */
export function BackupOffers({ bookingId }: { bookingId: number }) {
  const offers = useBackupOffers(bookingId);
  const booking = useBooking(bookingId);
  // The hold's end in the family's own zone (Jamaica when unknown).
  const timeZone = useCurrentUser().data?.timeZone;
  const [booked, setBooked] = useState<RebookAnswer | null>(null);
  if (booked) return <BackupBooked backupId={booked.booking.id} timeZone={timeZone} answer={booked} />;
  if (offers.isPending) return <Spinner label="Finding backups" />;
  if (offers.isError)
    return <Alert>{errorMessage(offers.error, 'The backups could not be loaded. Please try again.')}</Alert>;
  const data = offers.data;
  // A backup already booked (this visit or an earlier one): a confirmation, never an error.
  if (data.rebookedTo) return <BackupBooked backupId={data.rebookedTo} timeZone={timeZone} answer={null} />;
  const b = booking.data;
  const search = `/search?${new URLSearchParams({
    ...(b?.type ? { type: b.type } : {}),
    ...(b?.family.location ? { location: b.family.location } : {}),
  }).toString()}`;
  const searchLink = (
    <Link to={search} className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-3' })}>
      Search for another caregiver
    </Link>
  );
  return (
    <section aria-labelledby="backups-heading" className="space-y-4">
      <h2 id="backups-heading" className="text-xl font-bold">
        {data.cause === 'no_show' ? 'Your caregiver has not checked in' : 'Your caregiver cancelled'}
        {data.open ? ' — here are backups' : ''}
      </h2>
      {b ? (
        <p className="text-sm">
          {formatDay(b.date)}, {timeRange(b)}.
        </p>
      ) : null}
      {data.hold && data.open ? (
        <p className="text-sm">
          You hold {formatJmd(toCents(data.hold.amount))} for this booking
          {data.hold.until
            ? `, held until ${formatMemberMoment(new Date(data.hold.until), timeZone)} in case you choose a backup; otherwise it is released in full.`
            : '; it moves to the backup you book.'}
        </p>
      ) : null}
      {!data.open ? (
        <Alert variant="info">
          <p>{data.closedReason}</p>
          {data.rebookedTo ? (
            <Link to="/bookings" className="mt-2 inline-block font-semibold underline">
              See the backup in your bookings
            </Link>
          ) : null}
        </Alert>
      ) : data.offers.length === 0 ? (
        <Alert variant="info">
          <p>No backup is free at that time — search for another caregiver.</p>
          {searchLink}
        </Alert>
      ) : (
        <ul className="space-y-3">
          {data.offers.map((o) => (
            <OfferCard
              key={o.caregiverId}
              offer={o}
              hold={data.hold}
              bookingId={bookingId}
              onBooked={setBooked}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
