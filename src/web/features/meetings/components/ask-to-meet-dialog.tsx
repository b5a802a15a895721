import { Dialog } from 'radix-ui';
import { type FormEvent, type RefObject, useId, useState } from 'react';
import {
  MEETING_MODE_LABELS,
  MEETING_MODES,
  MEETING_RULES,
  type MeetingMode,
  type MeetingPlace,
} from '../../../../shared/contracts/meetings';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogHeader } from '../../../components/ui/dialog-header';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { useAskToMeet } from '../api';
import { viewerZone } from '../time';
import { EMPTY_SLOTS, type Slot, slotsToTimes, TimeSlots } from './time-slots';

function Choice<T extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (v: T) => void;
}) {
  const base = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((o) => (
          <div key={String(o.value)} className="flex items-center gap-2">
            <input
              type="radio"
              id={`${base}-${o.value}`}
              name={name}
              className="size-4 accent-primary"
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <Label htmlFor={`${base}-${o.value}`} className="font-normal">
              {o.label}
            </Label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The "Ask to meet" dialog (issue 33), loaded when a family opens it: mode (in person: a public place or
 * their home), 15 or 30 minutes, up to three times in their zone, a note. Closing returns focus to the
 * button that opened it.
 */
export default function AskToMeetDialog({
  caregiverId,
  name,
  careRequestId,
  timeZone,
  onClose,
  returnFocus,
}: {
  caregiverId: number;
  name: string;
  careRequestId?: number;
  /** The family's own zone: the times are read and shown in it, with Jamaica's beside. */
  timeZone: string | null | undefined;
  onClose: () => void;
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const ask = useAskToMeet();
  const [mode, setMode] = useState<MeetingMode>('video');
  const [place, setPlace] = useState<MeetingPlace>('public');
  const [minutes, setMinutes] = useState<15 | 30>(15);
  const [slots, setSlots] = useState<Slot[]>(EMPTY_SLOTS);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const ids = { note: useId(), problem: useId() };
  const zone = viewerZone(timeZone);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (ask.isPending) return;
    const checked = slotsToTimes(slots, zone, new Date());
    if (checked.error !== undefined) {
      setProblem(checked.error);
      return;
    }
    setProblem(undefined);
    ask.mutate(
      {
        caregiverId,
        mode,
        minutes,
        proposedTimes: checked.times,
        ...(mode === 'in_person' ? { place } : {}),
        ...(careRequestId ? { careRequestId } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      },
      {
        onSuccess: () => {
          onClose();
          toast({
            title: 'Meeting request sent',
            description: `We told ${name}. You will see the answer in Meetings.`,
          });
        },
      },
    );
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(94vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-surface p-5 shadow-lg sm:p-6"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus.current?.focus();
          }}
        >
          <DialogHeader
            title={`Ask ${name} to meet`}
            description="A free short meeting before you book. Nothing is charged."
            closeLabel="Close"
          />
          <form onSubmit={onSubmit} noValidate className="mt-4 space-y-5">
            <Choice
              legend="How would you like to meet?"
              name="meeting-mode"
              options={MEETING_MODES.map((m) => ({ value: m, label: MEETING_MODE_LABELS[m] }))}
              value={mode}
              onChange={setMode}
            />
            {mode === 'in_person' ? (
              <Choice
                legend="Where?"
                name="meeting-place"
                options={[
                  { value: 'public' as const, label: 'A public place' },
                  { value: 'family_home' as const, label: 'My home' },
                ]}
                value={place}
                onChange={setPlace}
              />
            ) : null}
            <Choice
              legend="How long?"
              name="meeting-minutes"
              options={[
                { value: 15 as const, label: '15 minutes' },
                { value: 30 as const, label: '30 minutes' },
              ]}
              value={minutes}
              onChange={setMinutes}
            />
            <TimeSlots
              slots={slots}
              onChange={setSlots}
              zone={zone}
              invalid={!!problem}
              describedBy={problem ? ids.problem : undefined}
            />
            <div className="space-y-1.5">
              <Label htmlFor={ids.note}>Note (optional)</Label>
              <Textarea
                id={ids.note}
                value={note}
                maxLength={MEETING_RULES.noteMax}
                onChange={(e) => setNote(e.target.value)}
                placeholder="What you would like to talk about"
              />
            </div>
            {problem ? (
              <div id={ids.problem}>
                <Alert>{problem}</Alert>
              </div>
            ) : ask.isError ? (
              <Alert>{errorMessage(ask.error, 'Your request was not sent. Please try again.')}</Alert>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button type="button" variant="outline">
                  Not now
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={ask.isPending}>
                {ask.isPending ? 'Sending…' : 'Send request'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
