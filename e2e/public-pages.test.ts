import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEXABLE_PAGES } from '../src/shared/routes';
import { TOAST_DURATION } from '../src/web/components/ui/use-toast';
import { axeViolations, launchBrowser, newPage, ONBOARDING_KEY } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const INFO_PAGES = [
  '/how-it-works',
  '/safety-trust',
  '/pricing',
  '/caregiver-resources',
  '/success-stories',
  '/terms-of-service',
  '/privacy-policy',
  '/terms-of-use',
  '/yaadcare-services',
];

const VIEWPORTS = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
  { name: '360px', options: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } },
];

/** Waits until the page is settled: its h1 is shown and nothing is still loading. */
async function openPage(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

const headMeta = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
    ogDescription: document.querySelector('meta[property="og:description"]')?.getAttribute('content'),
  }));

const dialogText = (page: Page) => page.getByRole('dialog').textContent();
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('public pages', () => {
  it.each(VIEWPORTS)(
    'axe: no WCAG 2.1 A/AA violations on every informational page ($name)',
    async ({ options }) => {
      const { context, page, errors } = await newPage(browser, server.url, options);
      const width = options.viewport.width;
      const report: Record<string, string[]> = {};
      for (const path of INFO_PAGES) {
        await openPage(page, path);
        report[path] = await axeViolations(page);
        // Nothing sticks out sideways, even at 360 px.
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) report[path].push(`horizontal overflow: ${scrollWidth}px`);
      }
      expect(report).toEqual(Object.fromEntries(INFO_PAGES.map((p) => [p, []])));
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('every public page sets its title, description, canonical URL and Open Graph tags', async () => {
    const { context, page } = await newPage(browser, server.url);
    const titles: string[] = [];
    for (const path of [...INFO_PAGES, '/login', '/signup', '/forgot-password', '/reset-password']) {
      await openPage(page, path);
      await page.waitForFunction(
        (p) => document.querySelector('link[rel="canonical"]')?.getAttribute('href')?.endsWith(p),
        path,
      );
      const meta = await headMeta(page);
      expect(meta.canonical, path).toBe(`${server.url}${path}`);
      expect(meta.ogUrl, path).toBe(`${server.url}${path}`);
      expect(meta.title, path).toMatch(/· YaadCare$/);
      expect(meta.ogTitle, path).toBe(meta.title);
      expect(meta.description?.length ?? 0, path).toBeGreaterThan(40);
      expect(meta.ogDescription, path).toBe(meta.description);
      titles.push(meta.title);
    }
    // Titles stay distinct, so search results can tell the pages apart.
    expect(new Set(titles).size).toBe(titles.length);
    await context.close();
  });

  it('search and profiles arrive as HTML, readable with scripts off, then the app takes over the same page', async () => {
    // A phone on a bad connection, or a crawler that runs no scripts: the content is in the HTML.
    const noScript = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto('/search');
    const cardLinks = plain.locator('article a[href^="/caregiver/"]');
    expect(await cardLinks.count()).toBeGreaterThan(5);
    const first = (await cardLinks.first().textContent()) ?? '';
    expect(first).toMatch(/ \S\.$/);
    await cardLinks.first().click();
    await plain.waitForURL(/\/caregiver\/\d+$/);
    expect(await plain.getByRole('heading', { level: 1 }).textContent()).toBe(first);
    expect(await plain.title()).toContain(first);
    await noScript.close();

    // With scripts: React hydrates the server's elements instead of drawing new ones, without complaint.
    const { context, page, errors } = await newPage(browser, server.url);
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { serverH1: unknown }).serverH1 = document.querySelector('main h1');
      });
    });
    for (const path of ['/search', '/', '/pricing']) {
      await page.goto(path);
      await page.waitForFunction(() => {
        const h1 = document.querySelector('main h1');
        return !!h1 && Object.keys(h1).some((k) => k.startsWith('__react'));
      });
      const same = await page.evaluate(
        () => (window as unknown as { serverH1: unknown }).serverH1 === document.querySelector('main h1'),
      );
      expect(same, path).toBe(true);
    }
    // The hydrated page works: a card opens the profile without a page load.
    await page.goto('/search');
    await page.locator('article a[href^="/caregiver/"]').first().waitFor();
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('main h1') ?? {}).some((k) => k.startsWith('__react')),
    );
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.locator('article a[href^="/caregiver/"]').first().click();
    await page.waitForURL(/\/caregiver\/\d+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('success stories shows live numbers from the database', async () => {
    const { context, page } = await newPage(browser, server.url);
    const stats = (await (await fetch(`${server.url}/api/stats/public`)).json()) as Record<string, number>;
    expect(stats.caregivers).toBeGreaterThan(0);
    await openPage(page, '/success-stories');
    const numbers = page.getByRole('region', { name: 'YaadCare in numbers' });
    await numbers
      .getByText(new Intl.NumberFormat('en-JM').format(stats.caregivers), { exact: true })
      .waitFor();
    expect(await numbers.textContent()).toContain(`Parishes served (of 14)${stats.parishes}`);
    await context.close();
  });
});

describe('first-visit tutorial', () => {
  it('never opens over /login, /signup or a page; opens once, 2000 ms into the dashboard after signup', async () => {
    // No onboarding record: a real first visit, on a clock the test moves.
    const { context, page, errors } = await newPage(browser, server.url, { firstVisit: true });
    await page.clock.install();
    const dialog = page.getByRole('dialog');
    for (const path of ['/how-it-works', '/login', '/signup']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.clock.runFor(10_000);
      expect(await dialog.count(), path).toBe(0);
    }
    expect(await page.evaluate((key) => localStorage.getItem(key), ONBOARDING_KEY)).toBeNull();

    // Sign up as a family: the dashboard shows the tutorial 2 s in, not before.
    await page.getByText("I'm looking for care").click();
    await page.getByLabel('First name').fill('Tamika');
    await page.getByLabel('Last name').fill('Reid');
    await page.getByLabel('Email').fill(`tutorial-${Date.now()}@example.com`);
    await page.getByLabel('Location').selectOption('Montego Bay');
    await page.getByLabel('Password', { exact: true }).fill('Blue-Mountain-Coffee-42');
    await page.getByLabel('Confirm password', { exact: true }).fill('Blue-Mountain-Coffee-42');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: /Dashboard/ }).waitFor();
    // Not there when the dashboard comes, there 2 s later. The clock also moves on its own while the test
    // works (on a busy CI machine, more than half a second between two steps), so this checks at once and
    // then moves 2.1 s; the unit test checks 1999 vs 2000 ms exactly.
    expect(await dialog.count()).toBe(0);
    expect(await page.getByRole('main').textContent()).toContain('Welcome, Tamika');
    await page.clock.runFor(2100);
    await dialog.waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), ONBOARDING_KEY)).toContain(
      '"hasSeenTutorial":false',
    );

    // Modal: the rest of the page is hidden from assistive technology while it is open.
    expect(
      await page
        .locator('header')
        .first()
        .evaluate((el) => el.closest('[aria-hidden="true"]') !== null),
    ).toBe(true);
    expect(await dialogText(page)).toContain('Step 1 of 6');
    expect(await page.getByRole('dialog', { name: 'Welcome to YaadCare' }).count()).toBe(1);
    // The signup's "Account created" toast lasts 5 s on the clock the test moves: axe checks the tutorial
    // once it has gone, not the toast half-faded on its way out (a contrast failure only a slow run meets).
    await page.clock.runFor(TOAST_DURATION);
    await page.getByText('Account created successfully!').waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);

    // Focus starts on Next; Enter walks forward.
    expect(await focusedText(page)).toBe('Next');
    for (let step = 2; step <= 6; step++) {
      await page.keyboard.press('Enter');
      await page.getByText(`Step ${step} of 6`, { exact: true }).waitFor();
    }
    expect(await page.getByRole('heading', { name: "You're all set!" }).isVisible()).toBe(true);
    expect(await focusedText(page)).toBe('Find care now');

    // Back with Shift+Tab then Enter; focus never leaves the dialog.
    await page.keyboard.press('Shift+Tab');
    expect(await focusedText(page)).toBe('Back');
    await page.keyboard.press('Enter');
    await page.getByText('Step 5 of 6', { exact: true }).waitFor();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }

    // Escape ends it and saves the record.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(
      JSON.parse((await page.evaluate((key) => localStorage.getItem(key), ONBOARDING_KEY)) ?? 'null'),
    ).toEqual({
      hasSeenTutorial: true,
      userType: 'family',
      isFirstVisit: false,
    });

    // Shown once: the dashboard again leaves them alone.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.clock.runFor(10_000);
    expect(await dialog.count()).toBe(0);

    // The header's Tutorial button reopens it at step 1, and focus comes back to the button.
    const button = page.getByRole('banner').getByRole('button', { name: 'Tutorial' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Welcome to YaadCare' }).waitFor();
    expect(await dialogText(page)).toContain('Step 1 of 6');
    await page.getByRole('button', { name: 'Skip Tutorial' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Tutorial');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 360 px the mobile menu opens the tutorial, which fits the screen', async () => {
    const { context, page, errors } = await newPage(browser, server.url, VIEWPORTS[1].options);
    await openPage(page, '/pricing');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await sheet.getByRole('button', { name: 'Tutorial' }).click();
    const tutorial = page.getByRole('dialog', { name: 'Welcome to YaadCare' });
    await tutorial.waitFor();
    await tutorial.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    expect(await sheet.count()).toBe(0);
    const box = await tutorial.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close tutorial' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Open menu');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('robots.txt allows crawling, keeps private pages out and points at the sitemap', async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /dashboard',
        'Disallow: /dev/',
      ]),
    );
    expect(lines).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it('sitemap.xml lists the public pages and listed caregivers with absolute URLs', async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const body = await res.text();
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.slice(0, INDEXABLE_PAGES.length)).toEqual(INDEXABLE_PAGES.map((p) => `${server.url}${p}`));
    const profiles = locs.filter((l) => /\/caregiver\/\d+$/.test(l));
    expect(profiles.length).toBeGreaterThan(0);
    expect(locs.every((l) => l.startsWith(`${server.url}/`))).toBe(true);
    // Each listed page is a real page of the app.
    for (const loc of [locs[2], profiles[0]]) {
      expect((await fetch(loc)).status).toBe(200);
    }
  });
});
