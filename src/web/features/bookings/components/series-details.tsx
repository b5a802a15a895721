import { Globe } from 'lucide-react';
import { useId } from 'react';
import { clock12 } from '../../../../shared/booking-rules';
import { formatMemberTime, formatMemberTimeRange } from '../../../../shared/member-time';
import { formatJmd } from '../../../../shared/money';
import { cn } from '../../../lib/cn';
import { Link } from '../../../lib/router';
import type { PublicUser } from '../../auth/api';
import { formatDay } from '../booking-time-text';
import { careFor, forRecipient } from '../circle-text';
import type { BookingSeriesView } from '../series-api';
import { conflictText } from '../series-form';
import { SERIES_STATUS_LABEL, seriesRuleText, seriesSpanText, seriesTotalCents } from '../series-text';
import { StatusBadge } from './booking-status-badge';
import { BookingWhen } from './booking-when';
import { CancelRestButton, CaregiverSeriesActions, LeaveSeriesButton } from './series-actions';

const STATUS_STYLE: Record<BookingSeriesView['status'], string> = {
  requested: 'bg-accent-soft text-foreground border-accent',
  accepted: 'bg-primary-soft text-primary-deep border-primary/40',
  declined: 'bg-destructive-soft text-destructive border-destructive/40',
  cancelled: 'bg-destructive-soft text-destructive border-destructive/40',
  left: 'bg-destructive-soft text-destructive border-destructive/40',
};

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-semibold">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/**
 * A series as its viewer sees it: the rule, the visits with their status (Jamaica time, and the viewer's own
 * beside it when they live elsewhere), the skipped dates, and the viewer's actions: the caregiver answers the
 * series as a whole, the family side cancels the rest.
 */
export function SeriesDetails({ series, user }: { series: BookingSeriesView; user: PublicUser }) {
  const ids = { visits: useId(), skipped: useId() };
  const visits = series.bookings;
  const first = visits[0];
  const caregiverSide = user.userType === 'caregiver';
  const circle = first?.circle ?? null;
  const title = caregiverSide
    ? circle
      ? careFor(circle)
      : `Regular care for ${first ? `${first.family.firstName} ${first.family.lastName}` : 'a family'}`
    : `Regular care with ${first ? `${first.caregiver.firstName} ${first.caregiver.lastName.slice(0, 1)}.` : 'your caregiver'}`;
  const familySide =
    user.userType === 'family' && (series.familyId === user.id || visits.some((v) => v.circle?.canCancel));
  // Only for a viewer whose zone is not Jamaica's (formatMemberTimeRange says nothing for those in Jamaica).
  const abroad =
    first && formatMemberTimeRange(new Date(first.startsAt), new Date(first.endsAt), user.timeZone);
  const ownTime = abroad ? formatMemberTime(new Date(first.startsAt), user.timeZone) : undefined;
  const total = seriesTotalCents(visits);
  return (
    <>
      <header className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
        {!caregiverSide && circle ? <p className="text-muted-foreground">{forRecipient(circle)}</p> : null}
        <span
          className={cn(
            'inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold',
            STATUS_STYLE[series.status],
          )}
          data-testid="series-status"
        >
          {SERIES_STATUS_LABEL[series.status]}
        </span>
      </header>
      <section aria-label="Summary" className="space-y-3 rounded-2xl border border-border bg-surface p-5">
        <dl className="grid gap-1.5 text-sm">
          <Row term="Every week">{seriesRuleText(series)} (Jamaica time)</Row>
          {ownTime ? (
            <div className="flex items-center gap-2">
              <Globe aria-hidden="true" className="size-4 text-primary" />
              <dt className="sr-only">First visit in your time</dt>
              <dd data-testid="series-own-time">First visit: {ownTime}</dd>
            </div>
          ) : null}
          <Row term="Visits">{seriesSpanText(visits)}</Row>
          {caregiverSide ? null : <Row term="Total">{formatJmd(total)} in all, paid visit by visit</Row>}
        </dl>
        {series.notes ? <p className="rounded-lg bg-muted p-3 text-sm">{series.notes}</p> : null}
        <div className="flex flex-wrap gap-2">
          {caregiverSide ? <CaregiverSeriesActions series={series} /> : null}
          {caregiverSide ? <LeaveSeriesButton series={series} /> : null}
          {familySide ? <CancelRestButton series={series} /> : null}
        </div>
      </section>
      {series.skipped.length ? (
        <section aria-labelledby={ids.skipped} className="space-y-2">
          <h2 id={ids.skipped} className="text-xl font-bold">
            Skipped dates ({series.skipped.length})
          </h2>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {series.skipped.map((c) => (
              <li key={c.date}>{conflictText(c)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby={ids.visits} className="space-y-3">
        <h2 id={ids.visits} className="text-xl font-bold">
          Visits ({visits.length})
        </h2>
        {visits.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
            No visits to show.
          </p>
        ) : (
          <ol className="space-y-2">
            {visits.map((v, i) => (
              <li
                key={v.id}
                className="rounded-xl border border-border bg-surface p-4"
                data-testid={`series-visit-${v.id}`}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">
                    Visit {i + 1} of {visits.length}
                  </h3>
                  <StatusBadge status={v.status} />
                </div>
                <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
                  <BookingWhen booking={v} />
                </dl>
                <Link
                  to={`/bookings#booking-${v.id}`}
                  className="mt-2 inline-block text-sm font-semibold text-primary-deep underline"
                >
                  Open in My bookings{' '}
                  <span className="sr-only">
                    (visit {i + 1}, {formatDay(v.date)}, {clock12(v.startTime)})
                  </span>
                </Link>
                {v.status === 'confirmed' || v.status === 'completed' ? (
                  <Link
                    to={`/bookings/${v.id}/visit`}
                    className="mt-2 ml-4 inline-block text-sm font-semibold text-primary-deep underline"
                  >
                    Visit log <span className="sr-only">(visit {i + 1})</span>
                  </Link>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
