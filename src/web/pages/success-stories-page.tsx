import { Quote } from 'lucide-react';
import { PARISHES } from '../../shared/catalog';
import type { PagePrefetch } from '../app/prefetch';
import { CallToAction, InfoSection, PageHero } from '../features/info-pages/components/page-parts';
import { publicStatsQuery, usePublicStats } from '../features/stats/api';
import { usePageMeta } from '../lib/use-page-meta';

const TESTIMONIALS = [
  {
    name: 'Shanique R.',
    town: 'Portmore',
    role: 'Mother of two',
    quote:
      'Going back to work after my daughter was born, I was nervous about leaving her with anyone. I found a nanny near us with the Verified badge and lovely reviews from other mothers. We messaged for a week before the first booking, and now she is like family.',
  },
  {
    name: 'Andre M.',
    town: 'Mandeville',
    role: 'Son and carer',
    quote:
      'My mother lives on her own in Mandeville and I work in Kingston all week. On YaadCare I found a senior-care nurse close to her who visits three mornings a week. She messages me after every visit, so I know how Mummy is doing.',
  },
  {
    name: 'Kerry-Ann S.',
    town: 'Ocho Rios',
    role: 'Babysitter for 11 years',
    quote:
      'For years I only got work by word of mouth. Since I finished my profile and got verified, families in Ocho Rios and St. Ann’s Bay find me directly, and being paid every Friday makes it so much easier to budget.',
  },
] as const;

const number = new Intl.NumberFormat('en-JM');

function HeadlineStats() {
  const { data, isPending, isError } = usePublicStats();
  if (isError) return null;
  const stats = [
    { label: 'Active caregivers', value: data?.caregivers },
    { label: 'Families signed up', value: data?.families },
    { label: 'Completed bookings', value: data?.completedBookings },
    {
      label: `Parishes served (of ${PARISHES.length})`,
      value: data?.parishes,
    },
  ];
  return (
    <section aria-labelledby="stats-heading" className="border-y border-border bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="stats-heading" className="sr-only">
          YaadCare in numbers
        </h2>
        <dl className="grid grid-cols-2 gap-6 text-center lg:grid-cols-4" aria-busy={isPending}>
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm font-medium text-muted-foreground">{stat.label}</dt>
              <dd className="text-3xl font-extrabold tracking-tight text-primary-deep sm:text-4xl">
                {stat.value === undefined ? (
                  <span className="mx-auto block h-9 w-20 animate-pulse rounded-md bg-muted sm:h-10">
                    <span className="sr-only">Loading</span>
                  </span>
                ) : (
                  number.format(stat.value)
                )}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Counted live from YaadCare's records.
        </p>
      </div>
    </section>
  );
}

/** Server rendering: the headline numbers. */
export const prefetch: PagePrefetch = (client) => [client.prefetchQuery(publicStatsQuery)];

export default function SuccessStoriesPage() {
  usePageMeta({
    title: 'Success stories',
    description:
      'Stories from families and caregivers across Jamaica who found each other on YaadCare, with live counts of caregivers, families, completed bookings and parishes served.',
    canonicalPath: '/success-stories',
  });

  return (
    <>
      <PageHero eyebrow="Success stories" title="Care that works, in every corner of Jamaica">
        <p>
          From Portmore to Mandeville to Ocho Rios, families and caregivers are finding each other on
          YaadCare. Here are a few of their stories.
        </p>
      </PageHero>

      <HeadlineStats />

      <InfoSection id="stories" title="In their own words">
        <ul className="grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8">
                <Quote aria-hidden="true" className="size-8 text-accent" />
                <blockquote className="mt-3 flex-1 text-lg">
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption className="mt-5 border-t border-border pt-4">
                  <span className="block font-bold">{t.name}</span>
                  <span className="block text-sm text-muted-foreground">
                    {t.role} · {t.town}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-muted-foreground">
          Names are shortened to a first name and initial to protect privacy.
        </p>
      </InfoSection>

      <CallToAction
        title="Write your own story"
        text="Find a caregiver near you today. Already have a YaadCare story? Tell our support team; we would love to hear it."
        links={[
          { to: '/search', label: 'Find care' },
          { to: '/support', label: 'Share your story' },
        ]}
      />
    </>
  );
}
