import { AlertTriangle, Clock } from 'lucide-react';
import { type VisitEntry, visitPhotoUrl } from '../../../../shared/contracts/visits';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { entryShownAt, entryText, entryTime, KIND_LABELS, sentLateNote } from '../entry-text';
import type { OutboxItem } from '../outbox';

/** A queued write as the log shows it, beside the server's entries. */
function pendingDetails(item: OutboxItem) {
  const {
    clientId: _c,
    recordedAt: _r,
    kind: _k,
    consent: _x,
    lat: _la,
    lng: _ln,
    accuracy: _a,
    ...rest
  } = item.body;
  return rest as VisitEntry['details'];
}

const kindOf = (item: OutboxItem): VisitEntry['kind'] =>
  item.path === 'check-in'
    ? 'check_in'
    : item.path === 'check-out'
      ? 'check_out'
      : (item.body.kind as VisitEntry['kind']);

function Row({
  kind,
  details,
  at,
  timeZone,
  status,
  note,
  photoUrl,
  children,
}: {
  kind: VisitEntry['kind'];
  details: VisitEntry['details'];
  at: string;
  timeZone: string | null | undefined;
  status?: string;
  /** When it reached the server well after it was recorded (ADR 0040). */
  note?: string | null;
  /** A photo entry's image (the access-checked route). */
  photoUrl?: string;
  children?: React.ReactNode;
}) {
  const incident = kind === 'incident';
  const text = entryText(kind, details);
  return (
    <li
      className={cn(
        'rounded-xl border p-3',
        incident ? 'border-destructive/50 bg-destructive-soft' : 'border-border bg-surface',
      )}
    >
      <p className="flex flex-wrap items-center gap-x-2 font-semibold">
        {incident ? <AlertTriangle aria-hidden="true" className="size-4 text-destructive" /> : null}
        <span>{KIND_LABELS[kind]}</span>
        <span className="text-sm font-normal text-muted-foreground">
          <time dateTime={at}>{entryTime(at, timeZone)}</time>
        </span>
      </p>
      {text ? <p className="mt-1 break-words">{text}</p> : null}
      {photoUrl ? (
        <img
          src={photoUrl}
          alt={details.caption || 'Photo from the visit'}
          width={details.width}
          height={details.height}
          loading="lazy"
          className="mt-2 h-auto max-h-96 w-auto max-w-full rounded-lg"
        />
      ) : null}
      {note ? (
        <p className="mt-1 flex items-start gap-1 text-sm text-muted-foreground">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">{note}</span>
        </p>
      ) : null}
      {status ? (
        <p className="mt-1 flex items-center gap-1 text-sm font-medium">
          <Clock aria-hidden="true" className="size-4" />
          {status}
        </p>
      ) : null}
      {children}
    </li>
  );
}

/**
 * The visit log, first first: the server's entries, then (on the caregiver's phone) what waits in the
 * outbox ("Waiting to send") or was refused, with the server's reason.
 */
export function VisitLogList({
  entries,
  pending = [],
  timeZone,
  onDismiss,
}: {
  entries: VisitEntry[];
  pending?: OutboxItem[];
  timeZone: string | null | undefined;
  onDismiss?: (clientId: string) => void;
}) {
  const sent = new Set(entries.map((e) => e.clientId));
  const queued = pending.filter((p) => !sent.has(p.clientId));
  if (entries.length === 0 && queued.length === 0) {
    return <p className="text-muted-foreground">Nothing in the log yet.</p>;
  }
  return (
    <ol className="space-y-2" aria-label="Visit log entries">
      {entries.map((e) => (
        <Row
          key={e.clientId}
          kind={e.kind}
          details={e.details}
          at={entryShownAt(e)}
          timeZone={timeZone}
          note={sentLateNote(e, timeZone)}
          photoUrl={e.kind === 'photo' ? visitPhotoUrl(e.bookingId, e.id) : undefined}
        />
      ))}
      {queued.map((p) => (
        <Row
          key={p.clientId}
          kind={kindOf(p)}
          details={pendingDetails(p)}
          at={String(p.body.recordedAt ?? p.queuedAt)}
          timeZone={timeZone}
          status={p.state === 'waiting' ? 'Waiting to send' : `Not saved: ${p.reason ?? 'refused'}`}
        >
          {p.state === 'refused' && onDismiss ? (
            <Button size="sm" variant="outline" className="mt-2" onClick={() => onDismiss(p.clientId)}>
              Remove from the list
            </Button>
          ) : null}
        </Row>
      ))}
    </ol>
  );
}
