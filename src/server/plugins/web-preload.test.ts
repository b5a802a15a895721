import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routePreloads } from './web';

const dist = mkdtempSync(join(tmpdir(), 'yc-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
mkdirSync(join(dist, '.vite'));
writeFileSync(
  join(dist, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-1.js' },
    '_icons.js': { file: 'assets/icons-1.js', imports: ['_react.js'] },
    'pages/home-page.tsx': { file: 'assets/home-page-1.js', imports: ['index.html', '_icons.js'] },
    'pages/search-page.tsx': { file: 'assets/search-page-1.js', imports: ['index.html'] },
    'pages/caregiver-profile-page.tsx': { file: 'assets/profile-1.js', imports: ['index.html', '_icons.js'] },
    'pages/circles-page.tsx': { file: 'assets/circles-1.js', imports: ['index.html'] },
    'pages/circle-page.tsx': { file: 'assets/circle-1.js', imports: ['index.html'] },
    'pages/circle-invitation-page.tsx': { file: 'assets/invitation-1.js', imports: ['index.html'] },
    'pages/bookings-page.tsx': { file: 'assets/bookings-1.js', imports: ['index.html'] },
    'pages/booking-visit-page.tsx': { file: 'assets/booking-visit-1.js', imports: ['index.html'] },
    'pages/visits-page.tsx': { file: 'assets/visits-1.js', imports: ['index.html'] },
  }),
);

describe('route preloads', () => {
  const preload = routePreloads(dist);
  const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

  it("names the page's chunk and its imports, never what the entry already loads", () => {
    expect(hrefs(preload('/'))).toEqual(['/assets/home-page-1.js', '/assets/icons-1.js']);
    expect(preload('/')).toMatch(/^<link rel="modulepreload" crossorigin href=/);
    expect(hrefs(preload('/search?location=Kingston'))).toEqual(['/assets/search-page-1.js']);
    expect(hrefs(preload('/caregiver/12'))).toEqual(['/assets/profile-1.js', '/assets/icons-1.js']);
    expect(hrefs(preload('/circles'))).toEqual(['/assets/circles-1.js']);
    expect(hrefs(preload('/circles/5'))).toEqual(['/assets/circle-1.js']);
    expect(hrefs(preload('/circles/invitations/abc'))).toEqual(['/assets/invitation-1.js']);
    expect(hrefs(preload('/bookings'))).toEqual(['/assets/bookings-1.js']);
    expect(hrefs(preload('/bookings/9/visit'))).toEqual(['/assets/booking-visit-1.js']);
    expect(hrefs(preload('/visits/9'))).toEqual(['/assets/visits-1.js']);
  });

  it('gives nothing for a page the manifest does not know, or without a manifest', () => {
    expect(preload('/pricing')).toBe('');
    expect(routePreloads(join(dist, 'missing'))('/')).toBe('');
  });
});
