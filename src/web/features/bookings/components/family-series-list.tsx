import { Repeat } from 'lucide-react';
import { useId } from 'react';
import { Link } from '../../../lib/router';
import type { BookingView } from '../api';
import { ruleOfVisits, seriesRuleText, seriesSpanText } from '../series-text';

/** The family's weekly series (issue 19), one line each with the way to its page; nothing without any. */
export function FamilySeriesList({ groups }: { groups: Map<number, BookingView[]> }) {
  const headingId = useId();
  if (groups.size === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mb-8">
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-xl font-bold">
        <Repeat aria-hidden="true" className="size-5 text-primary" /> Regular care ({groups.size})
      </h2>
      <ul className="space-y-2">
        {[...groups].map(([id, visits]) => {
          const cg = visits[0].caregiver;
          return (
            <li
              key={id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-surface p-4 text-sm"
              data-testid={`series-${id}`}
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  With {cg.firstName} {cg.lastName.slice(0, 1)}.: {seriesRuleText(ruleOfVisits(visits))}
                </p>
                <p className="text-muted-foreground">{seriesSpanText(visits)}</p>
              </div>
              <Link to={`/series/${id}`} className="font-semibold text-primary-deep underline">
                See the series <span className="sr-only">with {cg.firstName}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
