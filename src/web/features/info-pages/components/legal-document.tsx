import type { ReactNode } from 'react';
import { usePageMeta } from '../../../lib/use-page-meta';
import { PageHero } from './page-parts';

/** The date every legal page takes effect (docs/product.md#screens-and-routes). */
export const LEGAL_EFFECTIVE_DATE = { iso: '2025-07-16', text: 'July 16, 2025' } as const;

export interface LegalSection {
  id: string;
  title: string;
  content: ReactNode;
}

/**
 * A legal page: title, effective date, a numbered table of contents linking to numbered sections.
 * Text inside sections is plain p/ul/h3; the wrapper gives it readable spacing.
 */
export function LegalDocument({
  title,
  description,
  path,
  intro,
  sections,
}: {
  title: string;
  description: string;
  path: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  usePageMeta({ title, description, canonicalPath: path, type: 'article' });
  return (
    <>
      <PageHero eyebrow="Legal" title={title}>
        <p>
          Effective <time dateTime={LEGAL_EFFECTIVE_DATE.iso}>{LEGAL_EFFECTIVE_DATE.text}</time>
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:py-14">
        <nav
          aria-labelledby="toc-heading"
          className="self-start rounded-2xl border border-border bg-surface p-5 lg:sticky lg:top-28"
        >
          <h2 id="toc-heading" className="text-sm font-bold tracking-wide text-primary-deep uppercase">
            Contents
          </h2>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((section, i) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="rounded-sm text-foreground underline-offset-4 hover:text-primary hover:underline"
                >
                  {i + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-10 leading-relaxed [&_a]:font-semibold [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_h3]:mt-6 [&_h3]:font-bold [&_li]:mt-1.5 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
          <div className="text-lg [&>p:first-child]:mt-0">{intro}</div>
          {sections.map((section, i) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id} className="scroll-mt-28 text-2xl font-bold tracking-tight">
                {i + 1}. {section.title}
              </h2>
              {section.content}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
