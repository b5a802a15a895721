import type { ReactNode } from 'react';

/** A card of the caregiver profile page, titled. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-border bg-surface p-5 shadow-sm sm:p-6">
      <h2 className="text-xl font-bold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function ReviewSkeleton() {
  return (
    <li aria-hidden="true" className="space-y-2 border-b border-border py-4 motion-safe:animate-pulse">
      <div className="h-4 w-1/3 rounded bg-muted" />
      <div className="h-4 w-24 rounded bg-muted" />
      <div className="h-4 w-full rounded bg-muted" />
    </li>
  );
}

/** What the reviews card shows while its code or its first page is on the way: the same card, twice the placeholder. */
export function ReviewsLoading() {
  return (
    <Section title="Reviews">
      <ul aria-label="Loading reviews">
        <ReviewSkeleton />
        <ReviewSkeleton />
      </ul>
    </Section>
  );
}

/**
 * Where the booking panel goes while its code is on the way (a page opened within the app): the panel's
 * card at its usual height, so nothing moves when the form arrives. A server-rendered page keeps the
 * server's panel instead until the code is there.
 */
export function BookingPanelLoading() {
  return (
    <div
      role="status"
      aria-label="Loading the booking form"
      className="h-[51rem] rounded-2xl border border-border bg-surface p-5 shadow-sm motion-safe:animate-pulse lg:sticky lg:top-24"
    >
      <div className="h-7 w-2/3 rounded bg-muted" />
      <div className="mt-3 h-5 w-1/3 rounded bg-muted" />
      <div className="mt-6 h-10 rounded bg-muted" />
      <div className="mt-4 h-10 rounded bg-muted" />
    </div>
  );
}
