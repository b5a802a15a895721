import type { CaregiverProfile } from '../../../shared/contracts/caregivers';
import { displayName, formatRate, parseRating, placeText, plural } from '../../lib/format';
import { useOrigin } from '../../lib/render-context';
import { usePageMeta } from '../../lib/use-page-meta';

import { kindLabel } from '../caregivers/search-params';

/**
 * schema.org Person for a caregiver's public profile. aggregateRating only when there are reviews (a
 * rating of 0 from nobody would be false, and Google rejects it).
 */
export function caregiverJsonLd(caregiver: CaregiverProfile, origin: string): Record<string, unknown> {
  const name = displayName(caregiver.user.firstName, caregiver.user.lastName);
  const url = `${origin}/caregiver/${caregiver.id}`;
  const kinds = caregiver.kinds.map(kindLabel);
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': url,
    name,
    url,
    jobTitle: kinds[0] ?? 'Caregiver',
    ...(caregiver.bio ? { description: caregiver.bio } : {}),
    ...(caregiver.user.profileImageUrl
      ? { image: new URL(caregiver.user.profileImageUrl, origin).href }
      : {}),
    address: {
      '@type': 'PostalAddress',
      ...(caregiver.user.location ? { addressLocality: caregiver.user.location } : {}),
      ...(caregiver.parish ? { addressRegion: caregiver.parish } : {}),
      addressCountry: 'JM',
    },
    ...(caregiver.skills.length || caregiver.certifications.length
      ? { knowsAbout: [...new Set([...caregiver.skills, ...caregiver.certifications])] }
      : {}),
  };
  if (caregiver.totalReviews > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: parseRating(caregiver.averageRating).toFixed(2),
      reviewCount: caregiver.totalReviews,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}

/** Title, description, canonical URL, link-preview tags and structured data of a caregiver's profile page. */
export function useCaregiverProfileMeta(caregiver: CaregiverProfile): void {
  const name = displayName(caregiver.user.firstName, caregiver.user.lastName);
  const place = placeText(caregiver.user.location, caregiver.parish);
  const kinds = caregiver.kinds.map(kindLabel);
  const origin = useOrigin();
  usePageMeta({
    title: `${name}${kinds[0] ? ` — ${kinds[0]}` : ''}${place ? ` in ${place}` : ''}`,
    description:
      `${name}${kinds.length ? `, ${kinds.join(', ').toLowerCase()}` : ''}${place ? ` in ${place}` : ''}: ${plural(caregiver.experience, 'year')} of experience, ${formatRate(caregiver.hourlyRate)} per hour. ${caregiver.bio ?? ''}`
        .trim()
        .slice(0, 300),
    canonicalPath: `/caregiver/${caregiver.id}`,
    ogImage: caregiver.user.profileImageUrl ?? undefined,
    type: 'profile',
    jsonLd: caregiverJsonLd(caregiver, origin),
  });
}
