import { SUPPORT_CATEGORY_LABELS } from '../../../../shared/contracts/support';
import { formatDate } from '../../../lib/format';
import { useCurrentUser } from '../../auth/api';
import { useMyTickets } from '../api';

const STATUS_TEXT = { open: 'Waiting for an answer', answered: 'Answered', closed: 'Closed' } as const;

/** A signed-in user's earlier messages and the team's answers (nothing for visitors or before the first). */
export function MyTickets() {
  const { data: user } = useCurrentUser();
  const { data } = useMyTickets(Boolean(user));
  if (!user || !data || data.items.length === 0) return null;
  return (
    <section aria-labelledby="my-messages-heading" className="mx-auto max-w-3xl px-4 pb-12">
      <h2 id="my-messages-heading" className="text-xl font-bold">
        Your messages to support
      </h2>
      <ul className="mt-4 space-y-3">
        {data.items.map((t) => (
          <li key={t.id} className="rounded-xl border border-border bg-surface p-4">
            <p className="flex flex-wrap justify-between gap-2 font-semibold">
              <span>
                {t.reference} · {t.subject}
              </span>
              <span className="text-sm">{STATUS_TEXT[t.status]}</span>
            </p>
            <p className="text-sm text-muted-foreground">
              {SUPPORT_CATEGORY_LABELS[t.category]} · sent {formatDate(t.createdAt)}
            </p>
            {t.answer ? (
              <div className="mt-2 rounded-lg bg-muted p-3 text-sm">
                <p className="font-semibold">Our answer</p>
                <p className="whitespace-pre-line">{t.answer}</p>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
