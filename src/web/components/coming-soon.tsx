import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';
import { buttonClasses } from './ui/button';

/** What a page that is not built yet shows: its name, a sentence and a way home. Never a blank screen. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span
        aria-hidden="true"
        className="mb-6 inline-flex size-16 items-center justify-center rounded-full bg-accent-soft text-primary-deep"
      >
        <Hammer className="size-8" />
      </span>
      <p className="mb-2 text-sm font-bold tracking-wide text-primary uppercase">Coming soon</p>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        {children ?? "We're putting the finishing touches on this page. Please check back soon."}
      </p>
      <Link to="/" className={buttonClasses({ className: 'mt-8' })}>
        Back to home
      </Link>
    </section>
  );
}
