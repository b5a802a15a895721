import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCaregiver } from '../src/shared/contracts/caregivers';
import { formatJmd, priceBooking, toCents } from '../src/shared/money';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
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

/** What the API itself answers for a search: the truth the page must show. */
async function apiSearch(query: string): Promise<{ items: PublicCaregiver[]; total: number }> {
  const res = await fetch(`${server.url}/api/caregivers/search?${query}`);
  expect(res.status).toBe(200);
  return { items: (await res.json()) as PublicCaregiver[], total: Number(res.headers.get('x-total-count')) };
}

const COUNT_LINE = /^[\d,]+\+? caregivers? available$/;

/** Waits until the count line shows a number (not 'Searching…') and returns it. */
async function waitForCount(page: Page, expected?: number): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: COUNT_LINE });
  if (expected !== undefined) {
    await status
      .filter({ hasText: new RegExp(`^${expected.toLocaleString('en-US')} caregivers? available$`) })
      .waitFor();
  } else {
    await status.waitFor();
  }
  return Number.parseInt(((await status.textContent()) ?? '').replace(/,/g, ''), 10);
}

/** The caregiver ids of the result cards, in order. */
async function cardIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .getByRole('region', { name: 'Results' })
    .getByRole('article')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((h) => Number(h.replace('/caregiver/', '')));
}

async function costText(page: Page) {
  const box = page.getByRole('region', { name: 'Cost breakdown' });
  return {
    subtotal: await box.getByTestId('cost-subtotal').textContent(),
    fee: await box.getByTestId('cost-fee').textContent(),
    total: await box.getByTestId('cost-total').textContent(),
  };
}

function expectedCost(rate: string, hours: number) {
  const price = priceBooking(toCents(rate), hours);
  return {
    subtotal: formatJmd(price.subtotal),
    fee: formatJmd(price.platformFee),
    total: formatJmd(price.total),
  };
}

describe('discovery journeys', () => {
  it('home → Tutors in Kingston → matching cards → quick filter → profile → cost follows the duration', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The hero's service choice is passed on, with the location.
    const hero = page.getByRole('search', { name: 'Find caregivers' });
    await hero.getByLabel('Service').selectOption({ label: 'Tutors & Education' });
    await hero.getByLabel('Location').fill('Kingston');
    await hero.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    const url = new URL(page.url());
    expect(url.searchParams.get('type')).toBe('tutors');
    expect(url.searchParams.get('location')).toBe('Kingston');
    await page.getByRole('heading', { level: 1, name: 'Find Caregivers Near You' }).waitFor();

    // Only matching cards: exactly what the API answers, and each of them a tutor in Kingston.
    const tutors = await apiSearch('type=tutors&location=Kingston');
    expect(tutors.total).toBeGreaterThan(0);
    for (const c of tutors.items) {
      expect(c.kinds).toContain('tutors');
      expect([c.user.location, c.parish].join(' ')).toMatch(/Kingston/i);
    }
    await waitForCount(page, tutors.total);
    expect(await cardIds(page)).toEqual(tutors.items.map((c) => c.id));
    for (const card of await page.getByRole('region', { name: 'Results' }).getByRole('article').all()) {
      expect(await card.textContent()).toMatch(/Kingston/);
    }
    expect(await page.getByLabel('Care type').inputValue()).toBe('tutors');

    // A quick filter that leaves someone to book: its params go in the URL and the list narrows.
    const quickFilters = [
      { name: 'Safety Certified', query: 'skills=First Aid Certified,CPR Certified&experience=3' },
      { name: 'Education Background', query: 'skills=Early Childhood Education&experience=2' },
      { name: 'Special Needs Expert', query: 'skills=Special Needs Care&experience=5' },
    ];
    let chosen: { name: string; query: string; result: Awaited<ReturnType<typeof apiSearch>> } | undefined;
    for (const q of quickFilters) {
      const result = await apiSearch(`type=tutors&location=Kingston&${q.query}`);
      if (result.total > 0) {
        chosen = { ...q, result };
        break;
      }
    }
    expect(chosen, 'some quick filter keeps a Kingston tutor').toBeDefined();
    if (!chosen) return;
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('button', { name: chosen.name }).click();
    await page.waitForURL((u) => u.searchParams.has('skills'));
    const expected = new URLSearchParams(chosen.query);
    expect(new URL(page.url()).searchParams.get('skills')).toBe(expected.get('skills'));
    expect(new URL(page.url()).searchParams.get('experience')).toBe(expected.get('experience'));
    // The URL changes first; the button re-renders pressed a moment later.
    await expect
      .poll(() => filters.getByRole('button', { name: chosen.name }).getAttribute('aria-pressed'))
      .toBe('true');
    await waitForCount(page, chosen.result.total);
    expect(await cardIds(page)).toEqual(chosen.result.items.map((c) => c.id));

    // Back undoes the filter; Forward brings it back (the filters live in the URL).
    await page.goBack();
    await waitForCount(page, tutors.total);
    expect(new URL(page.url()).searchParams.has('skills')).toBe(false);
    await page.goForward();
    await waitForCount(page, chosen.result.total);

    // A reload keeps every filter.
    await page.reload();
    await waitForCount(page, chosen.result.total);
    // The URL changes first; the button re-renders pressed a moment later.
    await expect
      .poll(() => filters.getByRole('button', { name: chosen.name }).getAttribute('aria-pressed'))
      .toBe('true');

    // Open the first profile.
    const first = chosen.result.items[0];
    const name = `${first.user.firstName} ${first.user.lastName.charAt(0)}.`;
    await page.getByRole('region', { name: 'Results' }).getByRole('link', { name }).first().click();
    await page.waitForURL(`**/caregiver/${first.id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.waitForFunction((n) => document.title.startsWith(n), name);

    // The cost breakdown follows the duration: 2 hours by default, then 4, then 8 (full day).
    expect(await page.getByLabel('Duration').inputValue()).toBe('2');
    expect(await costText(page)).toEqual(expectedCost(first.hourlyRate, 2));
    await page.getByLabel('Duration').selectOption('4');
    expect(await costText(page)).toEqual(expectedCost(first.hourlyRate, 4));
    await page.getByLabel('Duration').selectOption({ label: '8 hours (full day)' });
    expect(await costText(page)).toEqual(expectedCost(first.hourlyRate, 8));
    await page.getByLabel('Start time').selectOption('9:00 AM');
    await page.getByText('Ends at 5:00 PM').waitFor();

    // Nothing is sent without a date; a signed-out visitor is then asked to log in, and comes back after.
    await page.getByRole('button', { name: 'Request Booking' }).click();
    await waitForToast(page, 'Missing Information');
    const tomorrow = new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);
    await page.getByLabel('Date').fill(tomorrow);
    await page.getByRole('button', { name: 'Request Booking' }).click();
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('map view: parish counts match the filters; a parish chosen with the keyboard filters the list', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await page.goto('/search?type=tutors');
    await waitForCount(page);
    const counts = (await (await fetch(`${server.url}/api/caregivers/parish-counts?type=tutors`)).json()) as {
      parish: string;
      count: number;
    }[];
    expect(counts).toHaveLength(14);
    const busiest = [...counts].sort((a, b) => b.count - a.count)[0];
    expect(busiest.count).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Map View' }).click();
    const dialog = page.getByRole('dialog', { name: 'Caregivers by parish' });
    await dialog.waitFor();
    const label = `${busiest.parish}, ${busiest.count} ${busiest.count === 1 ? 'caregiver' : 'caregivers'}`;
    const link = dialog.getByRole('link', { name: label, exact: true });
    await link.waitFor();
    expect(await dialog.getByRole('link').count()).toBe(14);
    await link.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL((u) => u.searchParams.get('parish') === busiest.parish);
    const result = await apiSearch(`type=tutors&parish=${encodeURIComponent(busiest.parish)}`);
    expect(result.total).toBe(busiest.count);
    await waitForCount(page, busiest.count);
    expect(await cardIds(page)).toEqual(result.items.map((c) => c.id));
    expect(await page.getByLabel('Parish').inputValue()).toBe(busiest.parish);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('help widget: opens from the keyboard, Escape closes it and focus returns', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/search');
    await waitForCount(page);
    const help = page.getByRole('button', { name: 'Help' });
    await help.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Welcome to YaadCare' });
    await panel.waitFor();
    expect(await panel.getByRole('link', { name: 'Email Us' }).getAttribute('href')).toBe(
      'mailto:support@yaadcare.jm',
    );
    expect(await panel.getByText('Connecting families with care across Jamaica').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await help.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('a bad parish in the URL is dropped, and an unknown caregiver says so', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await page.goto('/search?parish=Atlantis&type=astronauts');
    await waitForCount(page);
    await page.goto('/caregiver/987654');
    await page.getByRole('heading', { level: 1, name: 'Caregiver not found' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('axe: home, search (results, empty, map open) and a profile at desktop and 360 px', async () => {
    const { items } = await apiSearch('sort=rating&limit=1');
    const profileId = items[0].id;
    const report: Record<string, string[]> = {};
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 360, height: 740 },
    ]) {
      const { context, page } = await newPage(browser, server.url, { viewport });
      const at = (name: string) => `${name} @${viewport.width}`;
      const noSideways = async (name: string) => {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > viewport.width) report[`${at(name)} overflow`] = [`scrollWidth ${width}`];
      };

      await page.goto('/');
      await page.getByRole('region', { name: 'Featured Caregivers' }).getByRole('article').first().waitFor();
      report[at('/')] = await axeViolations(page);
      await noSideways('/');

      await page.goto('/search?type=tutors');
      await waitForCount(page);
      await page.getByRole('region', { name: 'Results' }).getByRole('article').first().waitFor();
      report[at('/search results')] = await axeViolations(page);
      await noSideways('/search');

      if (viewport.width < 1024) {
        await page.getByRole('button', { name: /^Filters/ }).click();
        await page.getByRole('complementary', { name: 'Filters' }).waitFor();
        report[at('/search filters open')] = await axeViolations(page);
      }

      await page.getByRole('button', { name: 'Map View' }).click();
      const dialog = page.getByRole('dialog', { name: 'Caregivers by parish' });
      await dialog.getByRole('link', { name: /^Kingston, \d+ caregivers?$/ }).waitFor();
      report[at('/search map')] = await axeViolations(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.goto('/search?q=zzqxjvwkpp&parish=Trelawny&type=maintenance');
      await page.getByRole('heading', { name: 'No caregivers found' }).waitFor();
      report[at('/search empty')] = await axeViolations(page);

      await page.goto(`/caregiver/${profileId}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('list', { name: 'Loading reviews' }).waitFor({ state: 'detached' });
      await page.getByRole('region', { name: 'Cost breakdown' }).waitFor();
      report[at('/caregiver/:id')] = await axeViolations(page);
      await noSideways('/caregiver/:id');
      await context.close();
    }
    expect(report).toEqual(Object.fromEntries(Object.keys(report).map((k) => [k, []])));
  });
});
