import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, MapPin, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { clock12 } from '../../../../shared/booking-rules';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { formatDay } from '../../bookings/booking-time-text';
import { uploadVisitPhoto, useVisitLog, useVisitSummary, visitKeys } from '../api';
import { loadVisit, type SavedVisit, saveVisit, useVisitOutbox } from '../offline';
import { useNow, useOnline } from '../use-now';
import { CheckInPanel } from './check-in-panel';
import { EntryForm } from './entry-form';
import { PhotoForm } from './photo-form';
import { VisitLogList } from './visit-log-list';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-2xl border border-border bg-surface p-4">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The caregiver's visit screen (issue 19): the booking in brief, check-in and check-out, the log entry
 * forms and the log so far. Works offline after one online visit: the last summary and log read are kept
 * on the phone and writes wait in the outbox (docs/decisions/0029-offline-visit-screen.md).
 */
export function VisitScreen({ bookingId, timeZone }: { bookingId: number; timeZone: string | null }) {
  const online = useOnline();
  const now = useNow();
  const summaryQuery = useVisitSummary(bookingId);
  const logQuery = useVisitLog(bookingId);
  const outbox = useVisitOutbox(bookingId);
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<SavedVisit | null | undefined>(undefined);

  useEffect(() => {
    loadVisit(bookingId).then(
      (s) => setSaved(s ?? null),
      () => setSaved(null),
    );
  }, [bookingId]);

  // Each fresh read is kept for the next time the phone is offline.
  useEffect(() => {
    if (summaryQuery.data && logQuery.data) {
      void saveVisit({ summary: summaryQuery.data, log: logQuery.data, savedAt: new Date().toISOString() });
    }
  }, [summaryQuery.data, logQuery.data]);

  const summary = summaryQuery.data ?? saved?.summary;
  const log = logQuery.data ?? saved?.log;

  if (!summary || !log) {
    const error = summaryQuery.error ?? logQuery.error;
    if (isApiError(error) && (error.status === 404 || error.status === 403)) {
      return <Alert>This visit was not found among your bookings.</Alert>;
    }
    if (error && saved === null) {
      return (
        <Alert>
          This visit could not be loaded
          {online ? '' : ': you are offline and it was not opened on this phone before'}.
        </Alert>
      );
    }
    return <Spinner label="Loading the visit" />;
  }

  const pending = outbox.items;
  const waitingPath = (path: string) => pending.some((p) => p.path === path && p.state === 'waiting');
  const checkedIn = !!log.checkedInAt || waitingPath('check-in');
  const checkedOut = !!log.checkedOutAt || waitingPath('check-out');
  const waiting = pending.filter((p) => p.state === 'waiting').length;

  return (
    <div className="space-y-4">
      <header className="space-y-2">
        <p className="text-lg font-bold">Care for {summary.recipientFirstName}</p>
        <p className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4 text-primary" />
          {formatDay(summary.date)}, {clock12(summary.startTime)} – {clock12(summary.endTime)} (Jamaica)
        </p>
        {summary.place ? (
          <p className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4 text-primary" />
            {summary.place}
          </p>
        ) : null}
      </header>
      {!online ? (
        <Alert variant="info">
          <span className="inline-flex items-center gap-2 font-semibold">
            <WifiOff aria-hidden="true" className="size-4" /> You are offline.
          </span>{' '}
          What you record is kept on this phone and sent when you are back online.
        </Alert>
      ) : null}
      <p aria-live="polite" className="text-sm">
        {waiting > 0 ? `${waiting} waiting to send${online && outbox.sending ? ': sending…' : '.'}` : ''}
      </p>
      <Section id="visit-check-in" title={checkedIn ? 'Check out' : 'Check in'}>
        <CheckInPanel
          summary={summary}
          now={now}
          checkedIn={checkedIn}
          checkedOut={checkedOut}
          onRecord={(path, body) => outbox.add(path, body)}
        />
      </Section>
      <Section id="visit-add" title="Add to the log">
        {checkedIn ? (
          <EntryForm onAdd={(body) => outbox.add('log', body)} />
        ) : (
          <p className="text-muted-foreground">Check in first: the log opens with the check-in.</p>
        )}
      </Section>
      {checkedIn ? (
        <Section id="visit-photo" title="Add a photo">
          <PhotoForm
            online={online}
            onUpload={async (file, caption) => {
              await uploadVisitPhoto(bookingId, file, caption);
              await queryClient.invalidateQueries({ queryKey: visitKeys.log(bookingId) });
            }}
          />
        </Section>
      ) : null}
      <Section id="visit-log" title="The log so far">
        <VisitLogList
          entries={log.entries}
          pending={pending}
          timeZone={timeZone}
          onDismiss={(id) => void outbox.dismiss(id)}
        />
      </Section>
    </div>
  );
}
