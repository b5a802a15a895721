import { WEEKDAYS, type Weekday } from '../../../../shared/catalog';
import type { WeeklyAvailability } from '../../../../shared/contracts/caregiver-profile';
import { CheckboxGroup, toOptions } from '../../../components/ui/checkbox-group';
import { Switch } from '../../../components/ui/switch';

export const DEFAULT_WEEK: WeeklyAvailability = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: false,
  sunday: false,
};

const TIMES = ['Morning', 'Afternoon', 'Evening'] as const;
/** The general words families filter by in search. */
export const GENERAL_AVAILABILITY = [
  'Available Now',
  'Weekdays',
  'Weekends',
  'Mornings',
  'Afternoons',
  'Evenings',
  'Overnight',
  'Emergency/On-call',
] as const;

const title = (d: Weekday) => d[0].toUpperCase() + d.slice(1);

export interface AvailabilityValue {
  weeklyAvailability: WeeklyAvailability;
  availability: string[];
}

/**
 * The weekly map (monday to sunday switches) and the time-of-day slots: morning, afternoon and evening for
 * each working day, plus the general availability words search filters use.
 */
export function AvailabilityEditor({
  value,
  onChange,
}: {
  value: AvailabilityValue;
  onChange: (next: AvailabilityValue) => void;
}) {
  const { weeklyAvailability: week, availability } = value;
  const setDay = (day: Weekday, on: boolean) => {
    // A day switched off loses its time slots.
    const slots = on ? availability : availability.filter((s) => !s.startsWith(`${title(day)} `));
    onChange({ weeklyAvailability: { ...week, [day]: on }, availability: slots });
  };
  const toggleSlot = (slot: string, on: boolean) =>
    onChange({
      weeklyAvailability: week,
      availability: on
        ? [...availability.filter((s) => s !== slot), slot]
        : availability.filter((s) => s !== slot),
    });

  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Days you work</legend>
        <ul className="divide-y divide-border rounded-xl border border-border bg-surface">
          {WEEKDAYS.map((day) => {
            const id = `day-${day}`;
            return (
              <li key={day} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
                <span className="flex min-w-36 items-center gap-3">
                  <Switch id={id} checked={week[day]} onCheckedChange={(on) => setDay(day, on)} />
                  <label htmlFor={id} className="font-semibold">
                    {title(day)}
                  </label>
                </span>
                {week[day] ? (
                  <fieldset className="m-0 flex min-w-0 flex-wrap gap-2 border-0 p-0">
                    <legend className="sr-only">{`${title(day)} times`}</legend>
                    {TIMES.map((time) => {
                      const slot = `${title(day)} ${time}`;
                      return (
                        <label
                          key={slot}
                          className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-border px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
                        >
                          <input
                            type="checkbox"
                            checked={availability.includes(slot)}
                            onChange={(e) => toggleSlot(slot, e.target.checked)}
                            aria-label={slot}
                            className="size-5 accent-[var(--color-primary)]"
                          />
                          <span aria-hidden="true">{time}</span>
                        </label>
                      );
                    })}
                  </fieldset>
                ) : (
                  <span className="text-sm text-muted-foreground">Not working</span>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <CheckboxGroup
        name="general-availability"
        legend="General availability"
        hint="Families filter search results by these."
        options={toOptions(GENERAL_AVAILABILITY)}
        value={availability.filter((a) => (GENERAL_AVAILABILITY as readonly string[]).includes(a))}
        onChange={(general) =>
          onChange({
            weeklyAvailability: week,
            availability: [
              ...availability.filter((a) => !(GENERAL_AVAILABILITY as readonly string[]).includes(a)),
              ...general,
            ],
          })
        }
      />
    </div>
  );
}
