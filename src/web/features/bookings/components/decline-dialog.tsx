import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import type { DeclineReason } from '../../../../shared/contracts/bookings';
import { Button } from '../../../components/ui/button';
import { Link } from '../../../lib/router';
import type { BookingView } from '../api';
import { formatDay, timeRange } from '../booking-time-text';

const CHOICES: { value: DeclineReason; label: string }[] = [
  { value: 'unavailable', label: 'I am not available at that time' },
  { value: 'too_far', label: 'It is too far for me to travel' },
  { value: 'not_my_kind', label: 'It is not the kind of care I give' },
  { value: 'other', label: 'Another reason' },
];

/**
 * The caregiver's Decline (issue 32, defect 6): it cannot be undone, so it asks first, offers a reason the
 * family reads in the notice, and points to a message suggesting another time instead.
 */
export function DeclineDialog({
  booking,
  who,
  disabled,
  onDecline,
}: {
  booking: BookingView;
  /** Who asked, as the card names them. */
  who: string;
  disabled: boolean;
  onDecline: (reason: DeclineReason | undefined) => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<DeclineReason>();
  const legend = useId();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" disabled={disabled}>
          Decline
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-surface p-6 shadow-lg">
          <Dialog.Title className="text-lg font-bold">Decline this request?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm">
            {who}, {formatDay(booking.date)}, {timeRange(booking)}. Declining cannot be undone: the request
            ends and anything held for it is released.
          </Dialog.Description>
          <fieldset className="mt-4 space-y-2" aria-labelledby={legend}>
            <legend id={legend} className="text-sm font-semibold">
              Tell them why (optional)
            </legend>
            {CHOICES.map((c) => (
              <label key={c.value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`decline-reason-${booking.id}`}
                  value={c.value}
                  checked={reason === c.value}
                  onChange={() => setReason(c.value)}
                />
                {c.label}
              </label>
            ))}
          </fieldset>
          <p className="mt-4 text-sm">
            Could another day or time work?{' '}
            <Link to={`/chat/${booking.family.userId}`} className="font-semibold text-primary-deep underline">
              Message to suggest another time
            </Link>{' '}
            and keep the request open meanwhile.
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline">Keep the request</Button>
            </Dialog.Close>
            <Button
              variant="destructive"
              disabled={disabled}
              onClick={() => {
                setOpen(false);
                onDecline(reason);
              }}
            >
              Decline request
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
