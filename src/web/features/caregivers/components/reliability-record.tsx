import { CalendarCheck, Clock } from 'lucide-react';
import type { ReliabilityRecord } from '../../../../shared/contracts/reliability';
import { RELIABILITY_EXPLANATION, reliabilityWords } from '../../../../shared/reliability';

/**
 * A caregiver's reliability record in plain words (ADR 0035): "Completed 48 of 49 visits, cancelled 1 late",
 * "On time for 30 of 31 check-ins", or "New to YaadCare: no visits yet" — never a percentage — and how we
 * count it, in a disclosure.
 */
export function ReliabilityRecordView({ record }: { record: ReliabilityRecord }) {
  const words = reliabilityWords(record);
  return (
    <div className="space-y-3">
      <ul className="space-y-2">
        <li className="flex items-start gap-2">
          <CalendarCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <span>{words.visits}</span>
        </li>
        {words.onTime ? (
          <li className="flex items-start gap-2">
            <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>{words.onTime}</span>
          </li>
        ) : null}
      </ul>
      <details className="rounded-xl border border-border">
        <summary className="flex min-h-11 cursor-pointer items-center rounded-xl px-4 py-2 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring">
          How we count this
        </summary>
        <ul className="list-disc space-y-1 px-4 pb-3 pl-8 text-sm text-muted-foreground">
          {RELIABILITY_EXPLANATION.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}
