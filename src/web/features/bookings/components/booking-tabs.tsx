import { Tabs } from 'radix-ui';
import { type ReactNode, useId } from 'react';

export interface BookingTab {
  value: string;
  label: string;
  /** What an empty tab says. */
  empty: string;
  items: ReactNode[];
}

/**
 * A bookings list in tabs (issue 32): each tab names its count; `first`, when given, stands above the tabs,
 * marked: the booking just made or changed, so nobody scrolls to find it.
 */
export function BookingTabs({
  tabs,
  defaultValue,
  first,
}: {
  tabs: BookingTab[];
  defaultValue: string;
  first?: ReactNode;
}) {
  const justNow = useId();
  return (
    <>
      {first ? (
        <section aria-labelledby={justNow} className="mb-6" data-testid="booking-just-now">
          <h2 id={justNow} className="mb-2 text-lg font-bold">
            Just now
          </h2>
          <ul className="rounded-3xl ring-2 ring-primary ring-offset-2">{first}</ul>
        </section>
      ) : null}
      <Tabs.Root defaultValue={defaultValue}>
        <Tabs.List
          aria-label="Bookings"
          className="mb-4 inline-flex flex-wrap gap-1 rounded-lg border border-border bg-surface p-1"
        >
          {tabs.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="rounded-md px-3 py-2 text-sm font-semibold hover:bg-muted data-[state=active]:bg-primary data-[state=active]:text-primary-foreground"
            >
              {t.label} ({t.items.length})
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Content key={t.value} value={t.value}>
            {t.items.length === 0 ? (
              <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
                {t.empty}
              </p>
            ) : (
              <ul className="space-y-4">{t.items}</ul>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
