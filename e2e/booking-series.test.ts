import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday } from '../src/shared/booking-series';
import { jamaicaToday } from '../src/shared/time';
import { DEMO_PASSWORD, signIn } from './support/a11y';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { loginToken, startServer, type TestServer } from './support/server';

/**
 * Issue 19, regular care in the browser, on a phone (390 px): the demo family books Shanique for "Mon/Wed/
 * Fri 08:00, 4 h, 8 weeks" (24 visits) from her profile, partly by keyboard; she already has a booking on
 * the first Wednesday, so the answer lists that clash; the family skips it and lands on the series page
 * (23 visits, one skipped date). Shanique sees one card for the request on /bookings and accepts the series
 * on its page. Axe on the form, the conflict state and the series page (one check at 1280 px).
 */

const FAMILY = 'family@yaadcare.jm';
const CAREGIVER = 'caregiver@yaadcare.jm';

// A Monday beyond the demo data's bookings and within 26 weeks: 8 weeks of Mon/Wed/Fri from it.
let monday = addDays(jamaicaToday(), 70);
while (isoWeekday(monday) !== 1) monday = addDays(monday, 1);
const clashDate = addDays(monday, 2);

let server: TestServer;
let browser: Browser;
let caregiverId: number;
let seriesPath: string;
const closers: (() => Promise<unknown>)[] = [];

const tokenOf = (email: string, password = DEMO_PASSWORD) => loginToken(server.url, email, password);

async function phonePage(email: string) {
  const { context, page, errors } = await newPage(browser, server.url, {
    viewport: { width: 390, height: 844 },
  });
  closers.push(() => context.close());
  await signIn(context, email, DEMO_PASSWORD);
  return { page, errors };
}

async function noViolationsAt390(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const carer = await tokenOf(CAREGIVER);
  const me = await fetch(`${server.url}/api/caregivers/me`, {
    headers: { authorization: `Bearer ${carer}` },
  });
  caregiverId = ((await me.json()) as { id: number }).id;
  // Shanique's other booking: the first Wednesday, 9:00 AM for 2 hours (it overlaps 8:00 AM – 12:00 PM).
  const family = await tokenOf(FAMILY);
  const res = await fetch(`${server.url}/api/bookings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${family}`, 'content-type': 'application/json' },
    body: JSON.stringify({ caregiverId, date: clashDate, startTime: '9:00 AM', duration: 2 }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
});

afterAll(async () => {
  for (const close of closers) await close();
  await browser?.close();
  await server?.stop();
});

describe('regular care: a weekly series', () => {
  it('the family books Mon/Wed/Fri 8:00 AM, 4 h, 8 weeks, sees the clash, skips it', async () => {
    const { page, errors } = await phonePage(FAMILY);
    await page.goto(`/caregiver/${caregiverId}`);
    const panel = page.getByRole('region', { name: /^Book / });
    // By keyboard: "One visit" → "Regular care" with an arrow key, then the weekdays with Tab and Space.
    const once = panel.getByRole('radio', { name: 'One visit' });
    // The panel hydrates from a chunk of its own; until then its controls are disabled.
    await expect.poll(() => once.isEnabled(), { timeout: 15_000 }).toBe(true);
    await once.focus();
    await page.keyboard.press('ArrowRight');
    const form = panel.getByRole('form', { name: 'Regular care' });
    await form.getByRole('checkbox', { name: 'Monday' }).focus();
    // Mon, (Tue) Wed, (Thu) Fri, then past Sat and Sun to the start time.
    for (const key of ['Space', 'Tab', 'Tab', 'Space', 'Tab', 'Tab', 'Space', 'Tab', 'Tab', 'Tab']) {
      await page.keyboard.press(key);
    }
    // The start time select has the focus: typing picks "8:00 AM".
    await page.keyboard.type('8');
    await page.keyboard.press('Tab');
    await page.keyboard.type('4');
    await expect.poll(() => form.getByLabel('Start time').inputValue()).toBe('8:00 AM');
    await expect.poll(() => form.getByLabel('Hours per visit').inputValue()).toBe('4');
    await form.getByLabel('First date').fill(monday);
    await form.getByLabel('Number of visits', { exact: true }).fill('24');
    const summary = form.getByTestId('series-summary');
    await expect
      .poll(() => summary.textContent())
      .toMatch(/^Mon, Wed, Fri at 8:00 AM, 4 h, 24 visits, J\$\s?100,800 in all, paid visit by visit$/);
    await noViolationsAt390(page);

    await form.getByRole('button', { name: 'Request regular care' }).click();
    const clash = panel.getByTestId('series-conflicts');
    await clash.getByRole('heading', { name: '1 date clashes' }).waitFor();
    const wednesday = new Intl.DateTimeFormat('en-JM', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${clashDate}T12:00:00Z`));
    await clash.getByText(`${wednesday}: the caregiver already has another booking then`).waitFor();
    await noViolationsAt390(page);
    await clash.getByRole('button', { name: 'Skip this date and book the rest' }).click();

    await page.waitForURL(/\/series\/\d+$/);
    seriesPath = new URL(page.url()).pathname;
    await waitForToast(page, '23 visits sent to Shanique, 1 clashing date skipped.');
    await page.getByRole('heading', { name: 'Visits (23)' }).waitFor();
    await page.getByRole('heading', { name: 'Skipped dates (1)' }).waitFor();
    expect(await page.getByTestId('series-status').textContent()).toBe('Waiting for an answer');
    await noViolationsAt390(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the caregiver sees one card for the request and accepts the series', async () => {
    expect(seriesPath).toBeTruthy();
    const { page, errors } = await phonePage(CAREGIVER);
    await page.goto('/bookings');
    const card = page.getByTestId(`series-request-${seriesPath.split('/').pop()}`).first();
    await card.getByText('23 visits', { exact: false }).waitFor();
    await card.getByRole('link', { name: 'Accept or decline the series' }).click();
    await page.waitForURL(`**${seriesPath}`);
    await page.getByRole('heading', { name: 'Visits (23)' }).waitFor();
    await noViolationsAt390(page);
    await page.getByRole('button', { name: 'Accept series' }).click();
    await waitForToast(page, 'Series accepted');
    await expect.poll(() => page.getByTestId('series-status').textContent()).toBe('Accepted');
    expect(await page.getByText('Confirmed', { exact: true }).count()).toBe(23);
    expect(errors).toEqual([]);
  });
});
