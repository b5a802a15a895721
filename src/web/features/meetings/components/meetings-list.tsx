import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-messages';
import { Link } from '../../../lib/router';
import { type MeetingView, useMeetings } from '../api';
import { groupMeetings, MeetingCard } from './meeting-card';

function Group({
  id,
  title,
  empty,
  list,
  zone,
  now,
}: {
  id: string;
  title: string;
  empty: string;
  list: MeetingView[];
  zone: string;
  now: Date;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-bold">
        {title} ({list.length})
      </h2>
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {list.map((m) => (
            <MeetingCard key={m.id} meeting={m} zone={zone} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The viewer's meetings in three sections, each card saying what to do next. */
export function MeetingsList({ viewer, zone }: { viewer: 'family' | 'caregiver'; zone: string }) {
  const meetings = useMeetings();
  if (meetings.isPending) return <Spinner label="Loading your meetings" />;
  if (meetings.isError)
    return (
      <div className="space-y-3">
        <Alert>{errorMessage(meetings.error, 'Your meetings could not be loaded. Please try again.')}</Alert>
        <Button variant="outline" size="sm" onClick={() => void meetings.refetch()}>
          Try again
        </Button>
      </div>
    );
  const now = new Date();
  const { needs, upcoming, past } = groupMeetings(meetings.data, now);
  if (meetings.data.length === 0)
    return (
      <p className="rounded-2xl border bg-surface p-6 text-center">
        {viewer === 'family' ? (
          <>
            No meetings yet. Open a caregiver’s profile and choose “Ask to meet”.{' '}
            <Link to="/search" className="font-semibold underline">
              Find care
            </Link>
          </>
        ) : (
          'No meetings yet. When a family asks to meet you, it appears here.'
        )}
      </p>
    );
  return (
    <div className="space-y-8">
      <Group
        id="meetings-needs"
        title="Needs your answer"
        empty="Nothing waits for you."
        list={needs}
        zone={zone}
        now={now}
      />
      <Group
        id="meetings-upcoming"
        title="Upcoming"
        empty="No upcoming meetings."
        list={upcoming}
        zone={zone}
        now={now}
      />
      <Group id="meetings-past" title="Past" empty="No past meetings." list={past} zone={zone} now={now} />
    </div>
  );
}
