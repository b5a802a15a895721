import type { CareRequestView } from '../api';
import { budgetText, kindLabel, STATUS_WORDS, whenText } from '../text';

/** What the request asks for: kind, place, when, budget, needs and the family's words. */
export function RequestSummary({ request: r }: { request: CareRequestView }) {
  const budget = budgetText(r);
  return (
    <div className="space-y-2 rounded-2xl border bg-surface p-4">
      <p className="text-sm font-semibold">
        {kindLabel(r.kind)} · {r.town}, {r.parish} ·{' '}
        <span data-testid="request-status">{STATUS_WORDS[r.status]}</span>
      </p>
      <p className="text-sm">{whenText(r)}</p>
      {budget ? <p className="text-sm">Budget: {budget}</p> : null}
      {r.skills.length > 0 ? <p className="text-sm">Needs: {r.skills.join(', ')}</p> : null}
      <p className="whitespace-pre-line break-words">{r.description}</p>
    </div>
  );
}
