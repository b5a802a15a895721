import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { clock12, clock24 } from '../../../../shared/booking-rules';
import { shortDate } from '../../../../shared/free-time';
import { TIME_ZONE } from '../../../../shared/time';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { fillBookingForm } from '../../../lib/booking-fill';
import { type FreeSlotsResponse, useFreeSlots } from '../api';

const WEEKS = 4;

/** '9:00 AM' in a time zone. */
function timeIn(iso: string, timeZone: string): string {
  // Newer ICU writes a narrow no-break space before AM/PM: one plain space, as the rest of the app writes times.
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })
    .format(new Date(iso))
    .replace(/\s/g, ' ');
}

/** The browser's time zone (Jamaica when it cannot tell). */
function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || TIME_ZONE;
  } catch {
    return TIME_ZONE;
  }
}

/** Whether two time zones show the same wall-clock time at an instant. */
const sameClock = (iso: string, a: string, b: string) => timeIn(iso, a) === timeIn(iso, b);

/** The Jamaica start time of a slot as the booking form writes it ('9:00 AM'). */
const jamaicaStart = (iso: string) => {
  const d = new Date(new Date(iso).getTime() - 5 * 3_600_000);
  return clock12(clock24(d.getUTCHours() * 60 + d.getUTCMinutes()));
};

type Day = FreeSlotsResponse['days'][number];

/**
 * A caregiver's free time for the next four weeks (ADR 0046), one week at a time: per Jamaica day, a
 * heading and its free intervals as buttons, in the viewer's time zone with Jamaica's beside it when it
 * differs. A tap fills the profile's booking form (date and start time) and moves focus there.
 */
export function FreeTime({
  caregiverId,
  firstName,
  timeZone = viewerTimeZone(),
}: {
  caregiverId: number;
  firstName: string;
  /** The viewer's time zone (tests set it). */
  timeZone?: string;
}) {
  const { data, isPending, isError, refetch, isFetching } = useFreeSlots(caregiverId);
  const [week, setWeek] = useState(0);
  const headingId = useId();

  if (isPending)
    return (
      <div role="status" aria-label="Loading free time" className="space-y-2 motion-safe:animate-pulse">
        <div className="h-5 w-1/3 rounded bg-muted" />
        <div className="h-10 rounded bg-muted" />
        <div className="h-10 rounded bg-muted" />
      </div>
    );
  if (isError)
    return (
      <div className="space-y-3">
        <Alert>We couldn't load {firstName}'s free time.</Alert>
        <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          Retry
        </Button>
      </div>
    );

  const days = data.days;
  if (!days.some((d) => d.free.length > 0))
    return <p className="text-muted-foreground">No free time in these four weeks.</p>;

  const weeks = Math.min(WEEKS, Math.ceil(days.length / 7));
  const shown = days.slice(week * 7, week * 7 + 7);
  const differs = timeZone !== TIME_ZONE;
  const range = `${shortDate(shown[0].date)} – ${shortDate(shown[shown.length - 1].date)}`;

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Tap a time to fill the booking form.{' '}
        {differs
          ? 'Times are shown in your time zone, with Jamaica time beside them.'
          : 'Times are Jamaica time.'}
      </p>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setWeek((w) => w - 1)}
          disabled={week === 0}
          aria-label="Previous week"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">Previous</span>
        </Button>
        <h3 id={headingId} className="text-center font-semibold" aria-live="polite">
          {range}
        </h3>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setWeek((w) => w + 1)}
          disabled={week >= weeks - 1}
          aria-label="Next week"
        >
          <span className="hidden sm:inline">Next</span>
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <ul aria-labelledby={headingId} className="grid gap-3 sm:grid-cols-2" data-testid="free-time-week">
        {shown.map((day) => (
          <DayFreeTime
            key={day.date}
            day={day}
            timeZone={timeZone}
            differs={differs}
            onPick={(start) =>
              fillBookingForm({ caregiverId, date: day.date, startTime: jamaicaStart(start) })
            }
          />
        ))}
      </ul>
    </div>
  );
}

function DayFreeTime({
  day,
  timeZone,
  differs,
  onPick,
}: {
  day: Day;
  timeZone: string;
  differs: boolean;
  onPick: (start: string) => void;
}) {
  return (
    <li className="min-w-0 rounded-xl border border-border p-3" data-date={day.date}>
      <h4 className="font-semibold">{shortDate(day.date)}</h4>
      {day.free.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">Not free</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {day.free.map((slot) => {
            const local = `${timeIn(slot.start, timeZone)} – ${timeIn(slot.end, timeZone)}`;
            const jamaica = `${timeIn(slot.start, TIME_ZONE)} – ${timeIn(slot.end, TIME_ZONE)}`;
            const both = differs && !sameClock(slot.start, timeZone, TIME_ZONE);
            const text = both ? `${local} your time · ${jamaica} Jamaica` : local;
            return (
              <li key={slot.start}>
                <Button
                  variant="outline"
                  size="sm"
                  className="h-auto w-full flex-wrap justify-start whitespace-normal py-2 text-left"
                  aria-label={`${shortDate(day.date)}, ${text}`}
                  onClick={() => onPick(slot.start)}
                >
                  {/* The button's own nowrap would keep "your time · Jamaica" on one line, 500 px wide at 360 px. */}
                  <span className="min-w-0 whitespace-normal">{text}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}
