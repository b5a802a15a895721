import { escapeMarkup } from '../../../shared/escape-markup';
import { INDEXABLE_PAGES, PRIVATE_PAGES } from '../../../shared/routes';

/**
 * API reads the public pages make while they render. Crawlers that run scripts (Googlebot) obey robots.txt
 * for these too: without them a caregiver's profile would be indexed as an empty loading screen.
 */
const CRAWLABLE_API = ['/api/caregivers/', '/api/reviews/', '/api/stats/public', '/api/config'];

/** '/payment/:bookingId' → '/payment/'; '/dev/outbox' → '/dev/'; prefixes already covered are dropped. */
export function disallowedPrefixes(): string[] {
  const prefixes = PRIVATE_PAGES.map((p) => {
    if (p.startsWith('/dev/')) return '/dev/';
    const param = p.indexOf('/:');
    return param === -1 ? p : p.slice(0, param + 1);
  });
  // Reset links carry one-time tokens: never worth crawling.
  const all = ['/api/', ...new Set(prefixes), '/reset-password'];
  return all.filter((p, i) => !all.some((q, j) => j !== i && q !== p && p.startsWith(q)));
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...CRAWLABLE_API.map((p) => `Allow: ${p}`),
    ...disallowedPrefixes().map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(publicUrl: string, caregivers: { id: number; updatedAt: Date }[]): string {
  const urls = [
    ...INDEXABLE_PAGES.map((path) => `  <url><loc>${escapeMarkup(`${publicUrl}${path}`)}</loc></url>`),
    ...caregivers.map(
      (c) =>
        `  <url><loc>${escapeMarkup(`${publicUrl}/caregiver/${c.id}`)}</loc><lastmod>${c.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
