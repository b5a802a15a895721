import { type FormEvent, useState } from 'react';
import {
  BOOKING_MESSAGES,
  clock12,
  clock24,
  FIRST_START_HOUR,
  LAST_START_HOUR,
  MAX_NOTES,
} from '../../shared/booking-rules';
import { addJamaicaDays } from '../../shared/contracts/payments';
import { formatJmd, PLATFORM_FEE_PERCENT, toCents } from '../../shared/money';
import { jamaicaToday } from '../../shared/time';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Alert, FormField } from '../components/ui/form-field';
import { Input } from '../components/ui/input';
import { Select } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { toast } from '../components/ui/use-toast';
import { useCurrentUser } from '../features/auth/api';
import { useCreateBooking } from '../features/bookings/api';
import { bookingCost } from '../features/bookings/booking-form';
import { bookingOutcome } from '../features/bookings/circle-text';
import { CancellationPolicy } from '../features/bookings/components/cancellation-policy';
import { CareForChoice } from '../features/bookings/components/care-for-choice';
import { useCaregiverProfile } from '../features/caregivers/api';
import { ApiError } from '../lib/api';
import { errorMessage } from '../lib/error-messages';
import { Link, useNavigate, useParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

const STARTS = Array.from({ length: LAST_START_HOUR - FIRST_START_HOUR + 1 }, (_, i) => FIRST_START_HOUR + i);
const ENDS = Array.from({ length: 23 - FIRST_START_HOUR }, (_, i) => FIRST_START_HOUR + 1 + i);

/** /booking-confirmation/{caregiverId}: date, 24-hour start and end (spec default 09:00–17:00), notes. */
export default function BookingConfirmationPage() {
  useDocumentTitle('Confirm booking');
  const caregiverId = Number(useParams().caregiverId);
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const {
    data: caregiver,
    isPending,
    error,
  } = useCaregiverProfile(Number.isInteger(caregiverId) && caregiverId > 0 ? caregiverId : undefined);
  const create = useCreateBooking();
  const today = jamaicaToday();
  const [date, setDate] = useState(() => addJamaicaDays(today, 1));
  const [start, setStart] = useState(9);
  const [end, setEnd] = useState(17);
  const [notes, setNotes] = useState('');
  const [circleId, setCircleId] = useState<number>();
  const [formError, setFormError] = useState<string>();

  const missing =
    !Number.isInteger(caregiverId) || caregiverId <= 0 || (error instanceof ApiError && error.status === 404);
  if (missing) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Caregiver Not Found</h1>
        <p className="mt-2 text-muted-foreground">The caregiver you're looking for doesn't exist.</p>
        <Link to="/search" className={buttonClasses({ className: 'mt-6' })}>
          Back to search
        </Link>
      </div>
    );
  }
  if (isPending) return <Spinner label="Loading caregiver" />;
  if (!caregiver)
    return <Alert className="m-6">The caregiver could not be loaded. Please refresh the page.</Alert>;

  const hours = end - start;
  const cost = bookingCost(caregiver.hourlyRate, Math.max(hours, 0));
  const dateError = date && date < today ? 'The date cannot be before today.' : undefined;
  const hoursError = hours < 1 ? BOOKING_MESSAGES.endAfterStart : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    if (!date || dateError || hoursError) return;
    create.mutate(
      {
        caregiverId: caregiver.id,
        date,
        startTime: clock24(start * 60),
        endTime: clock24(end * 60),
        totalHours: hours,
        ...(notes.trim() ? { notes: notes.trim() } : {}),
        ...(circleId ? { circleId } : {}),
      },
      {
        onSuccess: (booking) => {
          // Own household: on to payment. A circle's booking may wait for a payer, or be a payer's to pay.
          const { title, description, path } = bookingOutcome(booking, caregiver.user.firstName);
          toast({ title, description });
          navigate(path);
        },
        onError: (err) => {
          setFormError(errorMessage(err, 'Unable to create booking. Please try again.'));
          toast({
            variant: 'destructive',
            title: 'Booking failed',
            description: 'Unable to create booking. Please try again.',
          });
        },
      },
    );
  };

  const notFamily = !!user && user.userType !== 'family';
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-extrabold tracking-tight">Confirm your booking</h1>
      <p className="mb-6 text-muted-foreground">
        with {caregiver.user.firstName} {caregiver.user.lastName.slice(0, 1)}. ·{' '}
        {formatJmd(toCents(caregiver.hourlyRate))} per hour
      </p>
      {notFamily ? (
        <Alert variant="info" className="mb-6">
          Bookings are made from a family account.
        </Alert>
      ) : null}
      {!caregiver.isAvailable ? (
        <Alert variant="info" className="mb-6">
          {caregiver.user.firstName} is not taking bookings right now.
        </Alert>
      ) : null}
      {formError ? <Alert className="mb-6">{formError}</Alert> : null}
      <Card className="p-5 sm:p-6">
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <CareForChoice
            value={circleId}
            onChange={setCircleId}
            caregiverFirstName={caregiver.user.firstName}
          />
          <FormField label="Date" error={dateError}>
            <Input type="date" min={today} value={date} onChange={(e) => setDate(e.target.value)} required />
          </FormField>
          <div className="grid grid-cols-2 gap-4">
            <FormField label="Start time">
              <Select value={start} onChange={(e) => setStart(Number(e.target.value))}>
                {STARTS.map((h) => (
                  <option key={h} value={h}>
                    {clock24(h * 60)} ({clock12(clock24(h * 60))})
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="End time" error={hoursError}>
              <Select value={end} onChange={(e) => setEnd(Number(e.target.value))}>
                {ENDS.map((h) => (
                  <option key={h} value={h}>
                    {clock24(h * 60)} ({clock12(clock24(h * 60))})
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
          <FormField label="Notes (optional)" hint={`At most ${MAX_NOTES} characters.`}>
            <Textarea
              value={notes}
              maxLength={MAX_NOTES}
              rows={3}
              onChange={(e) => setNotes(e.target.value)}
            />
          </FormField>
          <section aria-label="Cost breakdown" className="rounded-xl bg-muted p-4 text-sm">
            <dl className="space-y-1.5" aria-live="polite">
              <div className="flex justify-between gap-3">
                <dt>
                  {formatJmd(toCents(caregiver.hourlyRate))} × {Math.max(hours, 0)} hours
                </dt>
                <dd>{formatJmd(cost.subtotal)}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt>Platform fee ({PLATFORM_FEE_PERCENT}%)</dt>
                <dd>{formatJmd(cost.platformFee)}</dd>
              </div>
              <div className="flex justify-between gap-3 border-t border-border-strong pt-1.5 text-base font-bold">
                <dt>Total</dt>
                <dd>{formatJmd(cost.total)}</dd>
              </div>
            </dl>
          </section>
          <CancellationPolicy />
          <div className="flex flex-wrap justify-end gap-3">
            <Link to={`/caregiver/${caregiver.id}`} className={buttonClasses({ variant: 'outline' })}>
              Cancel
            </Link>
            <Button type="submit" disabled={create.isPending || notFamily || !caregiver.isAvailable}>
              {create.isPending ? 'Sending Request...' : 'Confirm Booking'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
