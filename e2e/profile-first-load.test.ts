import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { ROOT, startServer, type TestServer } from './support/server';

/**
 * Issue 17 (ADR 0023): what a phone does on arriving at a caregiver's profile. The style sheet comes inside
 * the server's page, the booking form and the reviews hydrate from chunks of their own without redrawing
 * the server's HTML, and every file the visit downloads besides the page and API answers is cached for a
 * year under a name that changes with its content.
 */
let server: TestServer;
let browser: Browser;
let profilePath: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const res = await fetch(`${server.url}/api/caregivers/search?sort=rating&limit=1`);
  const [top] = (await res.json()) as { id: number }[];
  profilePath = `/caregiver/${top.id}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const builtStyleSheet = () => {
  const assets = join(ROOT, 'dist/web/assets');
  const file = readdirSync(assets).find((f) => /^style-[\w-]+\.css$/.test(f));
  if (!file) throw new Error('no built style sheet in dist/web/assets');
  return readFileSync(join(assets, file), 'utf8');
};

describe('a caregiver profile on arrival', () => {
  it('carries the built style sheet inside server-rendered pages; pages the browser renders link to it', async () => {
    const css = builtStyleSheet().trim();
    for (const path of ['/', '/search', profilePath]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, path).not.toMatch(/rel="stylesheet"/);
      expect(html.match(/<style>([\s\S]*?)<\/style>/)?.[1].trim(), path).toBe(css);
    }
    // The booking form hydrates from a chunk of its own: until then the server's form is disabled, so that
    // nothing typed into it can be sent as a plain GET with the fields in the address.
    const profile = await (await fetch(`${server.url}${profilePath}`)).text();
    expect(profile).toMatch(/<fieldset disabled=""/);
    const login = await (await fetch(`${server.url}/login`)).text();
    expect(login).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/style-[\w-]+\.css">/);
    expect(login).not.toContain('<style>');
  });

  it('hydrates the booking form and the reviews from their own chunks, keeping the server HTML, and works', async () => {
    const { context, page, errors } = await newPage(browser, server.url, {
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
    });
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const w = window as unknown as Record<string, unknown>;
        w.serverTotal = document.querySelector('[data-testid="cost-total"]');
        w.serverReviews = [...document.querySelectorAll('h2')].find((h) =>
          h.textContent?.startsWith('Reviews'),
        );
      });
    });
    await page.goto(profilePath);
    const total = page.getByTestId('cost-total');
    // The form is live once React owns its elements; they are the server's, not new ones.
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('[data-testid="cost-total"]') ?? {}).some((k) =>
        k.startsWith('__react'),
      ),
    );
    const kept = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      const reviews = [...document.querySelectorAll('h2')].find((h) => h.textContent?.startsWith('Reviews'));
      return {
        total: w.serverTotal === document.querySelector('[data-testid="cost-total"]'),
        reviews: !!reviews && w.serverReviews === reviews,
      };
    });
    expect(kept).toEqual({ total: true, reviews: true });
    expect(scripts.some((s) => /\/booking-panel-[\w-]+\.js$/.test(s))).toBe(true);

    const before = await total.textContent();
    await page.getByLabel('Duration').selectOption({ index: 3 });
    await expect.poll(() => total.textContent()).not.toBe(before);
    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('downloads nothing from the app, besides the page and API answers, that is cached for less than a year', async () => {
    const { context, page } = await newPage(browser, server.url, { viewport: { width: 412, height: 823 } });
    const cached: { path: string; cacheControl: string }[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      const kind = res.request().resourceType();
      if (url.origin === server.url && ['script', 'stylesheet', 'image', 'font'].includes(kind)) {
        cached.push({ path: url.pathname, cacheControl: res.headers()['cache-control'] ?? '' });
      }
    });
    await page.goto(profilePath);
    await page.waitForLoadState('networkidle');
    expect(cached.length).toBeGreaterThan(5);
    expect(cached.filter((r) => !/max-age=31536000.*immutable/.test(r.cacheControl))).toEqual([]);
    await context.close();
  });
});
