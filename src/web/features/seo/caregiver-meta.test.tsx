// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CaregiverProfilePage from '../../pages/caregiver-profile-page';
import { makeProfile, makeReview } from '../../test/caregivers';
import { renderRoute, stubFetch } from '../../test/render';
import { caregiverJsonLd } from './caregiver-meta';

const jsonLd = () => {
  const scripts = document.head.querySelectorAll('script[type="application/ld+json"]');
  return [...scripts].map((s) => JSON.parse(s.textContent ?? '{}'));
};
const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('caregiver profile: page meta and schema.org Person', () => {
  it('sets canonical URL, Open Graph profile tags and a Person with aggregateRating in the head', async () => {
    stubFetch({
      'GET /api/caregivers/5': { body: makeProfile({ averageRating: '4.75', totalReviews: 12 }) },
      'GET /api/reviews/caregiver/5': { body: [makeReview()], headers: { 'X-Total-Count': '1' } },
    });
    const { unmount } = renderRoute(<CaregiverProfilePage />, {
      path: '/caregiver/:id',
      url: '/caregiver/5',
      user: null,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shanique W.' })).toBeInTheDocument();
    const origin = window.location.origin;
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        `${origin}/caregiver/5`,
      ),
    );
    expect(meta('meta[property="og:type"]')).toBe('profile');
    expect(meta('meta[property="og:title"]')).toMatch(/^Shanique W\. — /);
    expect(meta('meta[name="description"]')).toMatch(/^Shanique W\./);
    const [person] = jsonLd();
    expect(person).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Shanique W.',
      url: `${origin}/caregiver/5`,
      address: { '@type': 'PostalAddress', addressCountry: 'JM' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.75', reviewCount: 12, bestRating: 5 },
    });
    unmount();
    expect(jsonLd()).toHaveLength(0);
  });

  it('leaves aggregateRating out when the caregiver has no reviews, and escapes nothing into HTML', () => {
    const data = caregiverJsonLd(
      makeProfile({ totalReviews: 0, averageRating: '0.00', bio: 'Nice </script><script>alert(1)</script>' }),
      'https://www.yaadcare.jm',
    );
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data.description).toContain('</script>');
    expect(data['@type']).toBe('Person');
  });
});
