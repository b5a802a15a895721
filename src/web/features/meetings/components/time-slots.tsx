import { useId } from 'react';
import { MEETING_RULES } from '../../../../shared/contracts/meetings';
import { zoneCity } from '../../../../shared/member-time';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { formatMeetingTime, zonedInstant } from '../time';

export interface Slot {
  date: string;
  time: string;
}

export const EMPTY_SLOTS: Slot[] = [
  { date: '', time: '' },
  { date: '', time: '' },
  { date: '', time: '' },
];

/**
 * The filled slots as ISO instants (read in `zone`), or the first problem in words: at least one time, each
 * with both a date and a time, at least 2 hours ahead and within 60 days, all different.
 */
export function slotsToTimes(
  slots: Slot[],
  zone: string,
  now: Date,
): { times: string[]; error?: undefined } | { error: string; times?: undefined } {
  const filled = slots.filter((s) => s.date || s.time);
  if (filled.length === 0) return { error: 'Choose at least one date and time.' };
  const times: string[] = [];
  for (const s of filled) {
    const at = s.date && s.time ? zonedInstant(s.date, s.time, zone) : undefined;
    if (!at) return { error: 'Each time needs both a date and a time.' };
    if (at.getTime() < now.getTime() + MEETING_RULES.minLeadMs)
      return { error: 'Each time must be at least 2 hours from now.' };
    if (at.getTime() > now.getTime() + MEETING_RULES.maxAheadDays * 86_400_000)
      return { error: `Each time must be within ${MEETING_RULES.maxAheadDays} days.` };
    times.push(at.toISOString());
  }
  if (new Set(times).size !== times.length) return { error: 'Each time must be different.' };
  return { times };
}

/** Up to three date + time pairs, in the viewer's zone, each with its Jamaica time beside once filled. */
export function TimeSlots({
  slots,
  onChange,
  zone,
  invalid,
  describedBy,
}: {
  slots: Slot[];
  onChange: (slots: Slot[]) => void;
  zone: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const base = useId();
  const set = (i: number, patch: Partial<Slot>) =>
    onChange(slots.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <fieldset className="space-y-3" aria-describedby={describedBy}>
      <legend className="font-semibold">Up to three times that suit you</legend>
      <p className="text-sm text-muted-foreground">
        In your time ({zoneCity(zone)}). The first is required; add others to make it easier to say yes.
      </p>
      {slots.map((s, i) => {
        const at = s.date && s.time ? zonedInstant(s.date, s.time, zone) : undefined;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the three slots are fixed positions
          <div key={i} className="grid grid-cols-2 gap-2">
            <div className="space-y-1">
              <Label htmlFor={`${base}-d${i}`}>{`Date ${i + 1}`}</Label>
              <Input
                id={`${base}-d${i}`}
                type="date"
                value={s.date}
                aria-invalid={invalid && i === 0 ? true : undefined}
                onChange={(e) => set(i, { date: e.target.value })}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${base}-t${i}`}>{`Time ${i + 1}`}</Label>
              <Input
                id={`${base}-t${i}`}
                type="time"
                step={900}
                value={s.time}
                aria-invalid={invalid && i === 0 ? true : undefined}
                onChange={(e) => set(i, { time: e.target.value })}
              />
            </div>
            {at ? (
              <p className="col-span-2 text-xs text-muted-foreground" data-testid="slot-jamaica">
                {formatMeetingTime(at, zone)}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
