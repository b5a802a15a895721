import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { formatDay, timeRange } from '../../bookings/booking-time-text';
import { useVisitLog, useVisitSummary } from '../api';
import { entryTime, missingCheckOutText } from '../entry-text';
import { useNow } from '../use-now';
import { VisitLogList } from './visit-log-list';

/**
 * The visit log as the family, the care circle's members (viewers too) and admins read it: check-in and
 * check-out times and every entry, incidents marked, in the reader's own zone with Jamaica beside it. It
 * follows the realtime stream's visit_log events (src/web/features/messages/use-realtime.ts). Read only.
 */
export function LiveVisitLog({ bookingId, timeZone }: { bookingId: number; timeZone: string | null }) {
  const summary = useVisitSummary(bookingId);
  const log = useVisitLog(bookingId);
  const now = useNow();
  const error = summary.error ?? log.error;
  if (error) {
    return (
      <Alert>
        {isApiError(error) && error.status === 404
          ? 'This visit was not found among your bookings.'
          : 'The visit log could not be loaded. Please refresh the page.'}
      </Alert>
    );
  }
  if (!summary.data || !log.data) return <Spinner label="Loading the visit log" />;
  const s = summary.data;
  const l = log.data;
  const incidents = l.entries.filter((e) => e.kind === 'incident').length;
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <p className="text-lg font-bold">
          {s.caregiverFirstName} with {s.recipientFirstName}
        </p>
        <p>
          {formatDay(s.date)}, {timeRange(s)} (Jamaica)
        </p>
      </header>
      <dl className="grid gap-2 rounded-2xl border border-border bg-surface p-4 sm:grid-cols-2">
        <div>
          <dt className="font-semibold">Checked in</dt>
          <dd>
            {l.checkedInAt
              ? entryTime(l.checkedInAt, timeZone)
              : s.status === 'completed' || Date.parse(s.endsAt) <= now.getTime()
                ? 'No check-in was recorded.'
                : 'Not yet'}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Checked out</dt>
          <dd data-testid="visit-checked-out">
            {l.checkedOutAt ? entryTime(l.checkedOutAt, timeZone) : missingCheckOutText(s, now, timeZone)}
          </dd>
        </div>
      </dl>
      {incidents > 0 ? (
        <Alert>
          {incidents === 1 ? 'One incident was' : `${incidents} incidents were`} recorded during this visit.
        </Alert>
      ) : null}
      <section aria-labelledby="visit-log-heading" className="space-y-3">
        <h2 id="visit-log-heading" className="text-xl font-bold">
          Entries
        </h2>
        <p className="text-sm text-muted-foreground">New entries appear here as the caregiver adds them.</p>
        <div aria-live="polite">
          <VisitLogList entries={l.entries} timeZone={timeZone} />
        </div>
      </section>
    </div>
  );
}
