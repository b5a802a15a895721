import { Repeat } from 'lucide-react';
import { formatJmd, toCents } from '../../../../shared/money';
import { buttonClasses } from '../../../components/ui/button';
import { Link } from '../../../lib/router';
import type { BookingView } from '../api';
import { careFor } from '../circle-text';
import { ruleOfVisits, seriesRuleText, seriesSpanText } from '../series-text';

/**
 * A weekly series waiting for the caregiver's answer, as one card (not one per visit): who, the rule, the
 * visits and what they earn, and the way to the series page where it is accepted or declined as a whole.
 */
export function SeriesRequestCard({ seriesId, visits }: { seriesId: number; visits: BookingView[] }) {
  const first = visits[0];
  const earn = visits.reduce((sum, v) => sum + toCents(v.subtotal), 0);
  const who = first.circle ? careFor(first.circle) : `${first.family.firstName} ${first.family.lastName}`;
  return (
    <li
      className="rounded-2xl border border-accent bg-surface p-5 shadow-sm"
      data-testid={`series-request-${seriesId}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-lg font-bold">{who}</h3>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Repeat aria-hidden="true" className="size-4" /> Regular care request
          </p>
        </div>
        <span className="inline-flex rounded-full border border-accent bg-accent-soft px-2.5 py-0.5 text-xs font-semibold">
          Pending
        </span>
      </div>
      <dl className="mt-3 grid gap-1.5 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold">Every week</dt>
          <dd>{seriesRuleText(ruleOfVisits(visits))} (Jamaica time)</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold">Visits</dt>
          <dd>{seriesSpanText(visits)}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold">You earn</dt>
          <dd>{formatJmd(earn)} in all</dd>
        </div>
      </dl>
      {first.notes ? <p className="mt-3 rounded-lg bg-muted p-3 text-sm">{first.notes}</p> : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={`/series/${seriesId}`} className={buttonClasses({ size: 'sm' })}>
          Accept or decline the series
        </Link>
      </div>
    </li>
  );
}
