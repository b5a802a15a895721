import { useQuery } from '@tanstack/react-query';
import {
  Baby,
  BookOpen,
  CalendarCheck,
  Clock,
  HandHeart,
  HeartHandshake,
  House,
  type LucideIcon,
  MessagesSquare,
  Quote,
  Search,
  ShieldCheck,
  Sparkles,
  Star,
  Wrench,
} from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CAREGIVER_KINDS, type CaregiverKind, PARISHES, TOWN_NAMES } from '../../shared/catalog';
import type { PagePrefetch } from '../app/prefetch';
import { Button, buttonClasses } from '../components/ui/button';
import { Alert } from '../components/ui/form-field';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Select } from '../components/ui/select';
import { caregiverSearchQuery, kindCountsQuery, useKindCounts } from '../features/caregivers/api';
import { CaregiverCard, CaregiverCardSkeleton } from '../features/caregivers/components/caregiver-card';
import { useNow } from '../features/caregivers/use-now';
import { FavouriteButton } from '../features/favourites/components/favourite-button';
import { HelpWidget } from '../features/support/components/help-widget';
import { plural } from '../lib/format';
import { useOrigin } from '../lib/render-context';
import { usePageMeta } from '../lib/use-page-meta';

const TRUST = [
  {
    icon: ShieldCheck,
    title: 'Verification You Can See',
    text: "Every caregiver's identity and background check status is shown on their profile. Look for the Verified badge: ID, a police record under 12 months old and references checked by our team. Not every caregiver is verified yet.",
  },
  { icon: Star, title: 'Highly Rated', text: 'Reviews come from real families who booked through YaadCare.' },
  {
    icon: Clock,
    title: 'Real Support',
    text: 'Help centre open 24/7; a person on our team answers within one business day.',
  },
];

const STEPS = [
  {
    icon: Search,
    title: 'Search & Filter',
    text: 'Find caregivers near you by service, rate and experience.',
  },
  {
    icon: MessagesSquare,
    title: 'Connect & Interview',
    text: 'Message caregivers and get to know them first.',
  },
  {
    icon: CalendarCheck,
    title: 'Book & Pay',
    text: 'Book the time you need and pay securely on the platform.',
  },
];

/** Spec §1: three sample testimonials, each with a first name, an initial and a town. */
const TESTIMONIALS = [
  {
    quote:
      'We found a patient, caring nanny for our twins within a week. The reviews from other families made the choice easy.',
    name: 'Kerry-Ann M.',
    town: 'Kingston',
  },
  {
    quote:
      "Booking a nurse for my mother while I work in Montego Bay gave me real peace of mind. She's been wonderful.",
    name: 'Devon B.',
    town: 'Montego Bay',
  },
  {
    quote:
      'Our son went from struggling with maths to top of his class with a tutor we met through YaadCare.',
    name: 'Simone R.',
    town: 'Mandeville',
  },
];

const KIND_ICONS: Record<CaregiverKind, LucideIcon> = {
  'child-care': Baby,
  babysitters: HeartHandshake,
  tutors: BookOpen,
  'senior-care': HandHeart,
  'special-needs': Sparkles,
  housekeepers: House,
  janitors: Sparkles,
  maintenance: Wrench,
};

const ALL_SERVICES = 'all-services';
const FEATURED_COUNT = 3;
const FEATURED_QUERY = new URLSearchParams({ sort: 'rating', limit: String(FEATURED_COUNT) });

/** schema.org WebSite with a site-search action (spec §2): search engines can send a query to /search?q=…. */
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

function HeroSearch() {
  const navigate = useNavigate();
  const [service, setService] = useState(ALL_SERVICES);
  const [location, setLocation] = useState('');
  const serviceId = useId();
  const locationId = useId();
  const listId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    // Unlike the spec's page, the chosen service is passed on; location only when entered.
    if (service !== ALL_SERVICES) params.set('type', service);
    if (location.trim()) params.set('location', location.trim());
    const qs = params.toString();
    navigate(qs ? `/search?${qs}` : '/search');
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet exposed as a search landmark everywhere; role="search" is.
    <form
      role="search"
      aria-label="Find caregivers"
      onSubmit={onSubmit}
      className="mt-8 grid max-w-3xl gap-3 rounded-2xl bg-surface p-4 shadow-lg sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <div className="space-y-1.5">
        <Label htmlFor={serviceId}>Service</Label>
        <Select id={serviceId} value={service} onChange={(e) => setService(e.target.value)}>
          {CAREGIVER_KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
          <option value={ALL_SERVICES}>All services</option>
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={locationId}>Location</Label>
        <Input
          id={locationId}
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          placeholder="Town or parish, e.g. Kingston"
          list={listId}
          autoComplete="off"
        />
        <datalist id={listId}>
          {[...new Set([...TOWN_NAMES, ...PARISHES])].sort().map((place) => (
            <option key={place} value={place} />
          ))}
        </datalist>
      </div>
      <Button type="submit" size="md">
        <Search aria-hidden="true" className="size-5" />
        Search
      </Button>
    </form>
  );
}

function FeaturedCaregivers() {
  const now = useNow();
  const { data, isPending, isError, refetch, isRefetching } = useQuery(caregiverSearchQuery(FEATURED_QUERY));
  return (
    <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4 py-14">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="featured-heading" className="text-2xl font-bold">
            Featured Caregivers
          </h2>
          <p className="mt-1 text-muted-foreground">Top-rated caregivers families love.</p>
        </div>
        <Link to="/search" className={buttonClasses({ variant: 'outline' })}>
          View All Caregivers
        </Link>
      </div>
      {isError ? (
        <Alert className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <span>We couldn't load featured caregivers.</span>
          <Button size="sm" variant="outline" onClick={() => void refetch()} disabled={isRefetching}>
            Retry
          </Button>
        </Alert>
      ) : isPending ? (
        <ul
          aria-busy="true"
          aria-label="Loading featured caregivers"
          className="mt-6 grid gap-4 md:grid-cols-3"
        >
          {Array.from({ length: FEATURED_COUNT }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <li key={i}>
              <CaregiverCardSkeleton />
            </li>
          ))}
        </ul>
      ) : data.items.length === 0 ? (
        <p className="mt-6 text-muted-foreground">New caregivers are joining every day. Check back soon.</p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {data.items.slice(0, FEATURED_COUNT).map((caregiver) => (
            <li key={caregiver.id}>
              <CaregiverCard caregiver={caregiver} now={now} lazyPhoto favouriteButton={FavouriteButton} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CategoryGrid() {
  const { data, isError } = useKindCounts();
  const counts = new Map(data?.map((k) => [k.kind, k.count]));
  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="categories-heading" className="text-2xl font-bold">
        Care for every need
      </h2>
      <p className="mt-1 text-muted-foreground">Browse caregivers by the kind of help you need.</p>
      <ul className="mt-6 grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4">
        {CAREGIVER_KINDS.map(({ value, label }) => {
          const Icon = KIND_ICONS[value];
          const count = counts.get(value);
          return (
            <li key={value}>
              <Link
                to={`/search?type=${value}`}
                className="flex h-full items-center gap-3 rounded-2xl border border-border bg-surface p-4 shadow-sm hover:border-primary hover:shadow-md"
              >
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold">{label}</span>
                  <span className="block min-h-5 text-sm text-muted-foreground">
                    {count !== undefined ? (
                      plural(count, 'caregiver')
                    ) : isError ? null : (
                      <span className="sr-only">Loading count</span>
                    )}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Server rendering: the featured caregivers and the service counts. */
export const prefetch: PagePrefetch = (client) => [
  client.prefetchQuery(caregiverSearchQuery(FEATURED_QUERY)),
  client.prefetchQuery(kindCountsQuery),
];

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

      <section aria-labelledby="trust-heading" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="trust-heading" className="text-2xl font-bold">
          Why families choose YaadCare
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {TRUST.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-border bg-surface p-6 shadow-sm">
              <Icon aria-hidden="true" className="size-8 text-primary" />
              <h3 className="mt-3 font-bold">{title}</h3>
              <p className="mt-1 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-heading" className="bg-muted">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="how-heading" className="text-2xl font-bold">
            How it works
          </h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-3">
            {STEPS.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="rounded-2xl bg-surface p-6 shadow-sm">
                <span className="inline-flex size-9 items-center justify-center rounded-full bg-accent font-bold text-accent-foreground">
                  {index + 1}
                </span>
                <h3 className="mt-3 flex items-center gap-2 font-bold">
                  <Icon aria-hidden="true" className="size-5 text-primary" />
                  {title}
                </h3>
                <p className="mt-1 text-muted-foreground">{text}</p>
              </li>
            ))}
          </ol>
          <Link to="/how-it-works" className={buttonClasses({ variant: 'outline', className: 'mt-8' })}>
            Learn more about how it works
          </Link>
        </div>
      </section>

      <FeaturedCaregivers />

      <section aria-labelledby="testimonials-heading" className="bg-primary-soft">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="testimonials-heading" className="text-2xl font-bold">
            What families say
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {TESTIMONIALS.map((t) => (
              <li key={t.name}>
                <figure className="flex h-full flex-col rounded-2xl bg-surface p-6 shadow-sm">
                  <Quote aria-hidden="true" className="size-7 text-accent-hover" />
                  <blockquote className="mt-3 flex-1">
                    <p>{t.quote}</p>
                  </blockquote>
                  <figcaption className="mt-4 text-sm">
                    <span className="font-bold">{t.name}</span>
                    <span className="text-muted-foreground"> · {t.town}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CategoryGrid />

      <section aria-labelledby="cta-heading" className="bg-primary-deep text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 text-center">
          <h2 id="cta-heading" className="text-3xl font-extrabold">
            Ready to find the right care?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-primary-soft">
            Search caregivers across all 14 parishes, or join YaadCare and offer your skills to families.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row [&_:focus-visible]:outline-accent">
            <Link to="/search" className={buttonClasses({ size: 'lg', variant: 'accent' })}>
              Find Care Now
            </Link>
            <Link
              to="/signup"
              className={buttonClasses({
                size: 'lg',
                variant: 'outline',
                className: 'border-white bg-transparent text-white hover:bg-white/10',
              })}
            >
              Become a Caregiver
            </Link>
          </div>
        </div>
      </section>
      <HelpWidget />
    </>
  );
}
