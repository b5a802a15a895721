import type { ComponentProps } from 'react';
import { MAX_NOTES } from '../../../../shared/booking-rules';
import { fieldClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { DURATIONS, durationLabel, START_TIMES } from '../booking-form';

/** The booking forms' special requests: at most MAX_NOTES characters, three rows. */
export function NotesTextarea(props: Omit<ComponentProps<'textarea'>, 'maxLength' | 'rows' | 'className'>) {
  return <textarea maxLength={MAX_NOTES} rows={3} className={cn(fieldClasses, 'py-2')} {...props} />;
}

/** The start times a booking may have ('6:00 AM' … '9:00 PM'), after an empty "Select". */
export function StartTimeOptions() {
  return (
    <>
      <option value="">Select</option>
      {START_TIMES.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </>
  );
}

/** The durations a booking may have, in hours. */
export function DurationOptions() {
  return DURATIONS.map((h) => (
    <option key={h} value={h}>
      {durationLabel(h)}
    </option>
  ));
}
