import { CalendarDays, MapPin } from 'lucide-react';
import { useEffect, useState } from 'react';
import { clock12 } from '../../../../shared/booking-rules';
import { jamaicaToday } from '../../../../shared/time';
import { formatDay } from '../../bookings/booking-time-text';
import type { VisitSummary } from '../api';
import { loadSchedule, type OfflineSchedule } from '../offline-schedule';

const savedAtText = new Intl.DateTimeFormat('en-JM', {
  timeZone: 'America/Jamaica',
  weekday: 'long',
  hour: 'numeric',
  minute: '2-digit',
});

function VisitItem({ visit }: { visit: VisitSummary }) {
  return (
    <li className="rounded-2xl border border-border bg-surface p-4">
      {/* A full page load: the visit screen opens with its own page (it may ask for the position). */}
      <a href={`/visits/${visit.bookingId}`} className="font-semibold text-primary-deep underline">
        Care for {visit.recipientFirstName}, {clock12(visit.startTime)} – {clock12(visit.endTime)}
      </a>
      {visit.place ? (
        <p className="mt-1 flex items-center gap-2 text-sm">
          <MapPin aria-hidden="true" className="size-4 text-primary" />
          {visit.place}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The caregiver's visits kept on this phone (today's and the next days', from the last time they were
 * online), each linking to its visit screen, which opens offline. Nothing when none are kept for the
 * account named on this phone (a family, a visitor, or a caregiver who was never online here).
 */
export function OfflineVisits() {
  const [schedule, setSchedule] = useState<OfflineSchedule | null | undefined>(undefined);
  useEffect(() => {
    loadSchedule().then(
      (s) => setSchedule(s ?? null),
      () => setSchedule(null),
    );
  }, []);
  if (!schedule) return null;

  const today = jamaicaToday();
  const days = [...new Set(schedule.visits.map((v) => v.date))];
  return (
    <section aria-labelledby="offline-visits" className="space-y-4">
      <h2 id="offline-visits" className="text-xl font-bold">
        Your visits
      </h2>
      <p className="text-sm text-muted-foreground">
        As of {savedAtText.format(new Date(schedule.savedAt))} (Jamaica), the last time you were online. Open
        a visit to check in and keep its log: it is sent when you are back online.
      </p>
      {schedule.visits.length === 0 ? <p>No visits today or in the next days.</p> : null}
      {days.map((day) => (
        <div key={day} className="space-y-2">
          <h3 className="flex items-center gap-2 font-semibold">
            <CalendarDays aria-hidden="true" className="size-4 text-primary" />
            {day === today ? `Today, ${formatDay(day)}` : formatDay(day)}
          </h3>
          <ul className="space-y-2">
            {schedule.visits
              .filter((v) => v.date === day)
              .map((v) => (
                <VisitItem key={v.bookingId} visit={v} />
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
