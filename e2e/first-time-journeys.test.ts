import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 15, first-time journeys, on a phone (390 px) and a desktop (1280 px): the search filters say what
 * is wrong and Reset clears it, a page past the last goes to the last one, and a past date in the
 * booking panel says it must be today or later (Jamaica time).
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const VIEWPORTS = [
  { name: '390px', width: 390, height: 844 },
  { name: '1280px', width: 1280, height: 800 },
] as const;

describe.each(VIEWPORTS)('first-time journeys at $name', ({ width, height }) => {
  it('search: a reversed rate range is explained (aria-invalid) and Reset clears it; page 99 goes to the last page', async () => {
    const { context, page, errors } = await newPage(browser, server.url, { viewport: { width, height } });
    await page.goto('/search?page=99');
    // Replaced by the last page that has results, which shows caregivers, not "0 results".
    await page.waitForURL((url) => url.searchParams.get('page') !== '99');
    const last = Number(new URL(page.url()).searchParams.get('page') ?? '1');
    expect(last).toBeLessThan(99);
    await page.getByRole('heading', { name: 'Caregivers', exact: true }).waitFor({ state: 'attached' });
    expect(await page.getByRole('heading', { name: 'No caregivers found' }).count()).toBe(0);

    if (width < 1024) await page.getByRole('button', { name: /^Filters/ }).click();
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const min = filters.getByLabel('Min rate');
    const max = filters.getByLabel('Max rate');
    await min.fill('2000');
    await max.fill('1000');
    await max.press('Enter');
    const message = filters.getByText(
      'The minimum rate must not be above the maximum. This range is not applied.',
    );
    await message.waitFor();
    expect(await max.getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);

    await filters.getByRole('button', { name: 'Reset filters' }).click();
    await message.waitFor({ state: 'detached' });
    expect(await min.inputValue()).toBe('');
    expect(await min.getAttribute('aria-invalid')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('booking panel: a past date says it must be today or later (Jamaica time)', async () => {
    const { context, page, errors } = await newPage(browser, server.url, { viewport: { width, height } });
    await page.goto('/search');
    await page.getByRole('heading', { name: 'Caregivers', exact: true }).waitFor({ state: 'attached' });
    const href = await page.locator('main a[href^="/caregiver/"]').first().getAttribute('href');
    await page.goto(href!);
    const date = page.getByLabel('Date', { exact: true });
    await date.fill('2001-01-01');
    await page.getByRole('button', { name: 'Request Booking' }).click();
    await waitForToast(page, 'The date must be today or later (Jamaica time).');
    expect(await date.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Please select a date and time for your booking.').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
