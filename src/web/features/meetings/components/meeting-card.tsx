import { Video } from 'lucide-react';
import { MEETING_MODE_LABELS, MEETING_PLACE_LABELS } from '../../../../shared/contracts/meetings';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { Link, useNavigate } from '../../../lib/router';
import { type MeetingView, useAcceptMeeting, useCancelMeeting, useMeetingOutcome } from '../api';
import { bookAfterMeetingPath, formatMeetingTime } from '../time';
import { DeclineDialog, ProposeDialog, ReportDialog } from './meeting-dialogs';

const STATUS_LABEL: Record<MeetingView['status'], string> = {
  requested: 'Requested',
  proposed: 'New times proposed',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  completed: 'Done',
};

/** What the viewer should do next, in one sentence. */
export function nextStep(m: MeetingView, now: Date): string {
  const name = m.other.name;
  const past = m.endsAt !== null && new Date(m.endsAt).getTime() <= now.getTime();
  switch (m.status) {
    case 'requested':
    case 'proposed': {
      if (!m.can.accept) return `Waiting for ${name} to answer.`;
      return m.side === 'caregiver'
        ? `${name} would like to meet. Accept one of the times, propose others, or decline with a reason.`
        : `${name} proposed other times. Accept one, propose others, or decline.`;
    }
    case 'confirmed':
      if (past || m.can.outcome)
        return m.side === 'family'
          ? `How did it go? Book ${name}, or tell us it was not a fit (only you see that).`
          : 'This meeting has taken place.';
      if (m.mode === 'video') return 'Confirmed. Join the video call at the time below.';
      if (m.mode === 'phone') return `Confirmed. Agree in Messages who calls whom.`;
      return `Confirmed. Agree the address in Messages (${m.place ? MEETING_PLACE_LABELS[m.place].toLowerCase() : 'place to agree'}).`;
    case 'completed':
      if (m.side === 'caregiver') return 'This meeting has taken place.';
      if (m.outcome === 'not_a_fit') return 'You noted it was not a fit. Only you see this.';
      if (m.outcome === 'book') return `You chose to book ${name}.`;
      return `How did it go? Book ${name}, or tell us it was not a fit (only you see that).`;
    case 'declined':
      return m.declineReason ? `Declined. The reason given: “${m.declineReason}”` : 'Declined.';
    case 'cancelled':
      return 'Cancelled.';
  }
}

function AcceptButtons({ m, zone }: { m: MeetingView; zone: string }) {
  const accept = useAcceptMeeting(m.id);
  return (
    <div className="space-y-2">
      <ul className="flex flex-col gap-2">
        {m.proposedTimes.map((t) => (
          <li key={t}>
            {/* A plain button: a long date with two zones wraps on a phone instead of pushing the page sideways. */}
            <button
              type="button"
              className="inline-flex min-h-9 max-w-full items-center rounded-lg bg-primary px-3 py-1.5 text-left text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60"
              disabled={accept.isPending}
              onClick={() =>
                accept.mutate(
                  { time: t },
                  {
                    onSuccess: () =>
                      toast({ title: 'Meeting confirmed', description: `We told ${m.other.name}.` }),
                  },
                )
              }
            >
              Accept {formatMeetingTime(t, zone)}
            </button>
          </li>
        ))}
      </ul>
      {accept.isError ? (
        <Alert>{errorMessage(accept.error, 'The meeting was not confirmed. Please try again.')}</Alert>
      ) : null}
    </div>
  );
}

function OutcomeButtons({ m }: { m: MeetingView }) {
  const outcome = useMeetingOutcome(m.id);
  const navigate = useNavigate();
  const bookPath = bookAfterMeetingPath(m, new Date());
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={outcome.isPending}
          onClick={() => outcome.mutate({ outcome: 'book' }, { onSettled: () => navigate(bookPath) })}
        >
          Book {m.other.name}
        </Button>
        {m.outcome !== 'not_a_fit' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={outcome.isPending}
            onClick={() => outcome.mutate({ outcome: 'not_a_fit' })}
          >
            Not a fit
          </Button>
        ) : null}
      </div>
      {outcome.isError ? (
        <Alert>{errorMessage(outcome.error, 'That was not saved. Please try again.')}</Alert>
      ) : null}
    </div>
  );
}

/** One meeting: with whom, how, when (the viewer's time and Jamaica's), and what to do next. */
export function MeetingCard({ meeting: m, zone, now }: { meeting: MeetingView; zone: string; now: Date }) {
  const cancel = useCancelMeeting(m.id);
  const headingId = `meeting-${m.id}-title`;
  const when = m.startsAt ? [m.startsAt] : m.proposedTimes;
  return (
    <li
      className="flex min-w-0 flex-col gap-3 rounded-2xl border bg-surface p-4"
      aria-labelledby={headingId}
      data-testid={`meeting-${m.id}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-bold break-words">
          {MEETING_MODE_LABELS[m.mode]} with {m.other.name}
        </h3>
        <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold">
          {STATUS_LABEL[m.status]}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">Length</dt>
        <dd>{m.minutes} minutes</dd>
        {m.place ? (
          <>
            <dt className="font-semibold">Where</dt>
            <dd>{MEETING_PLACE_LABELS[m.place]}</dd>
          </>
        ) : null}
        <dt className="font-semibold">{m.startsAt ? 'When' : 'Times'}</dt>
        <dd>
          {when.length === 0 ? (
            '—'
          ) : (
            <ul>
              {when.map((t) => (
                <li key={t}>{formatMeetingTime(t, zone)}</li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {m.note ? <p className="break-words text-sm whitespace-pre-line">“{m.note}”</p> : null}
      <p className="text-sm font-medium" data-testid="next-step">
        {nextStep(m, now)}
      </p>
      {m.videoUrl ? (
        <a
          href={m.videoUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ size: 'sm', className: 'self-start' })}
        >
          <Video aria-hidden="true" className="size-4" />
          Join video call
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
      {m.can.accept ? <AcceptButtons m={m} zone={zone} /> : null}
      {m.can.outcome && m.outcome !== 'book' ? <OutcomeButtons m={m} /> : null}
      <div className="mt-auto flex flex-wrap gap-2">
        {m.can.propose ? <ProposeDialog meeting={m} zone={zone} /> : null}
        {m.can.decline ? <DeclineDialog meeting={m} /> : null}
        {m.can.cancel ? (
          <Button
            size="sm"
            variant="outline"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(undefined)}
          >
            Cancel meeting
          </Button>
        ) : null}
        <Link to={`/chat/${m.other.userId}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Message {m.other.name}
        </Link>
        {m.careRequestId !== null && m.side === 'family' ? (
          <Link
            to={`/care-requests/${m.careRequestId}`}
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          >
            The care request
          </Link>
        ) : null}
        <ReportDialog meeting={m} />
      </div>
      {cancel.isError ? (
        <Alert>{errorMessage(cancel.error, 'The meeting was not cancelled. Please try again.')}</Alert>
      ) : null}
    </li>
  );
}

/** Needs your answer (my turn), upcoming (waiting or confirmed ahead), past (ended, declined, cancelled). */
export function groupMeetings(list: MeetingView[], now: Date) {
  const needs: MeetingView[] = [];
  const upcoming: MeetingView[] = [];
  const past: MeetingView[] = [];
  for (const m of list) {
    const ended = m.endsAt !== null && new Date(m.endsAt).getTime() <= now.getTime();
    if ((m.status === 'requested' || m.status === 'proposed') && m.can.accept) needs.push(m);
    else if (m.status === 'requested' || m.status === 'proposed' || (m.status === 'confirmed' && !ended))
      upcoming.push(m);
    else past.push(m);
  }
  const start = (m: MeetingView) => new Date(m.startsAt ?? m.proposedTimes[0] ?? m.createdAt).getTime();
  upcoming.sort((a, b) => start(a) - start(b));
  return { needs, upcoming, past };
}
