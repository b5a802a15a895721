import type { ReactNode } from 'react';

/** A dashboard panel: a section named by its h2, with its content spaced below. */
export function DashboardSection({
  id,
  title,
  spacing = 'space-y-3',
  children,
}: {
  id: string;
  title: ReactNode;
  spacing?: 'space-y-2' | 'space-y-3';
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={spacing}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
