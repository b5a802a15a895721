import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INDEXABLE_PAGES } from '../../../shared/routes';
import type { Tx } from '../../db/client';
import { caregivers } from '../../db/schema';
import { createUser, type UserOverrides } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { disallowedPrefixes, sitemapXml } from './robots-and-sitemap';

const PUBLIC_URL = 'https://www.yaadcare.jm';

async function createCaregiver(
  db: Tx,
  user: UserOverrides = {},
  profile: { isActive?: boolean; isAvailable?: boolean } = {},
) {
  const u = await createUser(db, { userType: 'caregiver', ...user });
  const [row] = await db
    .insert(caregivers)
    .values({ userId: u.id, hourlyRate: '1000.00', ...profile })
    .returning();
  return row;
}

const locs = (body: string) => [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe.each(DB_KINDS)('sitemap.xml and robots.txt on %s', (kind) => {
  const t = useTestApp(kind, { publicUrl: PUBLIC_URL });

  it('robots.txt allows crawling, keeps private pages and the API out, and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/api/',
      '/dashboard',
      '/caregiver-dashboard',
      '/messages',
      '/payment/',
      '/chat/',
      '/dev/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // Covered by a shorter prefix, so not repeated.
    expect(lines).not.toContain('Disallow: /caregiver-dashboard-enhanced');
    // Public pages stay crawlable, and so do the reads they render from.
    for (const path of ['/search', '/caregiver/', '/pricing', '/how-it-works']) {
      expect(lines.some((l) => l.startsWith('Disallow:') && path.startsWith(l.slice(10)))).toBe(false);
    }
    expect(lines).toContain('Allow: /api/caregivers/');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('sitemap.xml lists the public pages and every caregiver a visitor can book, with absolute URLs', async () => {
    const db = t.database.db;
    const listed = await createCaregiver(db);
    const second = await createCaregiver(db);
    const hidden = await createCaregiver(db, {}, { isActive: false });
    const away = await createCaregiver(db, {}, { isAvailable: false });
    const suspended = await createCaregiver(db, { suspendedAt: new Date() });

    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const urls = locs(res.body);
    expect(urls).toEqual([
      ...INDEXABLE_PAGES.map((p) => `${PUBLIC_URL}${p}`),
      `${PUBLIC_URL}/caregiver/${listed.id}`,
      `${PUBLIC_URL}/caregiver/${second.id}`,
    ]);
    for (const c of [hidden, away, suspended]) expect(urls).not.toContain(`${PUBLIC_URL}/caregiver/${c.id}`);
    for (const page of [
      '/how-it-works',
      '/safety-trust',
      '/pricing',
      '/terms-of-use',
      '/support',
      '/login',
    ]) {
      expect(urls).toContain(`${PUBLIC_URL}${page}`);
    }
    expect(urls.some((u) => /dashboard|settings|dev\/outbox|reset-password/.test(u))).toBe(false);
    expect(res.body).toContain(`<lastmod>${listed.updatedAt.toISOString()}</lastmod>`);

    // Switching availability off takes the profile out on the next fetch.
    await db.update(caregivers).set({ isAvailable: false }).where(eq(caregivers.id, second.id));
    const again = locs((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    expect(again).not.toContain(`${PUBLIC_URL}/caregiver/${second.id}`);
  });

  it('does not hand robots.txt or sitemap.xml to the app shell, and answers HEAD', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(head.statusCode).toBe(200);
    const other = await t.app.inject({ method: 'GET', url: '/sitemap2.xml' });
    expect(other.statusCode).toBe(404);
  });
});

describe('seo text builders', () => {
  it('escapes XML in URLs and drops prefixes that a shorter one covers', () => {
    const body = sitemapXml('https://x.test/a&b', []);
    expect(body).toContain('<loc>https://x.test/a&amp;b/</loc>');
    const prefixes = disallowedPrefixes();
    expect(prefixes[0]).toBe('/api/');
    expect(prefixes).toContain('/booking-confirmation/');
    expect(prefixes).toContain('/reset-password');
    for (const p of prefixes) expect(prefixes.filter((q) => p !== q && p.startsWith(q))).toEqual([]);
  });
});
