import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import type { SupportCategory } from '../../../../shared/contracts/support';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { FAQ, FAQ_CATEGORIES, searchFaq } from '../faq';

const chip = cn(
  'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold',
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
);

/** The searchable FAQ: a search box, the categories with their article counts, and the matching articles. */
export function FaqSection() {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<SupportCategory | null>(null);
  const results = searchFaq(query, category);
  const searchId = useId();
  const label = FAQ_CATEGORIES.find((c) => c.id === category)?.label;

  return (
    <section aria-labelledby="faq-heading" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="faq-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Frequently asked questions
      </h2>
      <search className="mt-6 block max-w-xl">
        <label htmlFor={searchId} className="block text-sm font-semibold">
          Search the help centre
        </label>
        <div className="relative mt-1.5">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            className="pl-10"
            placeholder="e.g. cancel, refund, payout"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      </search>

      <h3 className="mt-8 text-lg font-bold">Browse by category</h3>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Categories">
        <li>
          <button
            type="button"
            aria-pressed={category === null}
            onClick={() => setCategory(null)}
            className={cn(
              chip,
              category === null
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border bg-surface',
            )}
          >
            All topics <span className="font-normal">({FAQ.length} articles)</span>
          </button>
        </li>
        {FAQ_CATEGORIES.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              aria-pressed={category === c.id}
              onClick={() => setCategory(category === c.id ? null : c.id)}
              className={cn(
                chip,
                category === c.id
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-surface',
              )}
            >
              {c.label}{' '}
              <span className="font-normal">
                ({c.count} {c.count === 1 ? 'article' : 'articles'})
              </span>
            </button>
          </li>
        ))}
      </ul>

      <p role="status" className="mt-6 text-sm text-muted-foreground">
        {results.length === 1 ? '1 article' : `${results.length} articles`}
        {label ? ` in ${label}` : ''}
        {query.trim() ? ` matching "${query.trim()}"` : ''}
      </p>
      {results.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-border p-6 text-center">
          No article matches. Try another word, or send us a message below.
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {results.map((a) => (
            <li key={a.id}>
              <details
                id={`faq-${a.id}`}
                className="group rounded-xl border border-border bg-surface shadow-sm open:border-primary"
              >
                <summary
                  className={cn(
                    'flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-5 py-3 font-semibold',
                    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  )}
                >
                  {a.question}
                  <span aria-hidden="true" className="text-xl text-primary group-open:rotate-45">
                    +
                  </span>
                </summary>
                <p className="px-5 pb-4 text-muted-foreground">{a.answer}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
