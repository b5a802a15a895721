import { lazy, Suspense } from 'react';
import type { PagePrefetch } from '../app/prefetch';
import { caregiverSearchQuery, kindCountsQuery } from '../features/caregivers/api';
import { HeroSearch } from '../features/caregivers/components/hero-search';
import { HelpWidget } from '../features/support/components/help-widget';
import { useOrigin } from '../lib/render-context';
import { Link } from '../lib/router';
import { usePageMeta } from '../lib/use-page-meta';
import { FEATURED_QUERY } from './home/featured-query';

/** Everything below the hero: not needed for the first screen (ADR 0023). */
const BelowTheFold = lazy(() => import('./home/below-the-fold'));

/** schema.org WebSite with a site-search action (docs/product.md#screens-and-routes): search engines can send a query to /search?q=…. */
function websiteJsonLd(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: 'YaadCare',
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** Server rendering: the featured caregivers and the service counts. */
export const prefetch: PagePrefetch = (client) => [
  client.prefetchQuery(caregiverSearchQuery(FEATURED_QUERY)),
  client.prefetchQuery(kindCountsQuery),
];

/** The home page: the hero with its search, then the sections in the order families read them. */
export default function HomePage() {
  const origin = useOrigin();
  usePageMeta({
    title: 'YaadCare — Trusted caregivers across Jamaica',
    exactTitle: true,
    description:
      'Find trusted nannies, babysitters, tutors, senior-care nurses, special-needs carers, housekeepers and handymen in all 14 parishes of Jamaica. Compare reviews and rates in JMD, then book securely.',
    canonicalPath: '/',
    jsonLd: websiteJsonLd(origin),
  });
  return (
    <>
      <section className="bg-gradient-to-b from-primary-soft to-background">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <p className="text-sm font-bold tracking-wide text-primary-deep uppercase">
            Care you can trust, island-wide
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            Find trusted caregivers for your family in Jamaica
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted-foreground">
            Nannies, babysitters, tutors, senior-care nurses, special-needs carers, housekeepers and handymen
            — in all 14 parishes, with prices in JMD.
          </p>
          <HeroSearch />
          <p className="mt-5 text-muted-foreground">
            Offering care?{' '}
            <Link
              to="/signup"
              className="font-semibold text-primary-deep underline underline-offset-4 hover:text-primary"
            >
              Become a Caregiver
            </Link>
          </p>
        </div>
      </section>

      <Suspense fallback={null}>
        <BelowTheFold />
      </Suspense>
      <HelpWidget />
    </>
  );
}
