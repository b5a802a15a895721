import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday } from '../src/shared/booking-series';
import { jamaicaToday } from '../src/shared/time';
import { DEMO_PASSWORD, signIn } from './support/a11y';
import { axeViolations, launchBrowser, newPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 21, care requests on a phone (390 px): the demo family posts a child-care request for Kingston from
 * the form; Shanique (a Kingston nanny who works on Wednesdays) finds it among the requests that fit her and
 * applies through the API; the family compares, books her in one confirmed step, and the request is filled.
 * Axe on the request page with its applicant.
 */
const FAMILY = 'family@yaadcare.jm';
const CAREGIVER = 'caregiver@yaadcare.jm';

// A Wednesday beyond the demo data's bookings.
let wednesday = addDays(jamaicaToday(), 60);
while (isoWeekday(wednesday) !== 3) wednesday = addDays(wednesday, 1);

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('care requests', () => {
  it('a family posts, a fitting caregiver applies, the family books her in one step; axe clean', async () => {
    const { context, page, errors } = await newPage(browser, server.url, {
      viewport: { width: 390, height: 844 },
    });
    await signIn(context, FAMILY, DEMO_PASSWORD);
    await page.goto('/care-requests');
    await page.getByRole('link', { name: 'Post a care request' }).click();
    await page.getByLabel('Kind of care').selectOption('child-care');
    await page.getByLabel('Parish').selectOption('Kingston');
    await page.getByLabel('Town').fill('Kingston');
    await page.getByLabel('Start date').fill(wednesday);
    await page.getByLabel('Start time').selectOption('07:00');
    await page.getByLabel('Hours each time').selectOption('2');
    await page
      .getByLabel('Describe the care you need')
      .fill('Before-school care for our daughter, 6: breakfast, dressing and the walk to school.');
    await page.getByRole('button', { name: 'Post request' }).click();
    await page.waitForURL(/\/care-requests\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText('No applicants yet.').waitFor();

    // Shanique sees it among the requests that fit her, and applies.
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: CAREGIVER, password: DEMO_PASSWORD }),
    });
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const fitting = (await (await fetch(`${server.url}/api/care-requests`, { headers: auth })).json()) as {
      id: number;
    }[];
    expect(fitting.map((r) => r.id)).toContain(id);
    const applied = await fetch(`${server.url}/api/care-requests/${id}/applications`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'I do school mornings for two families already.', hourlyRate: 1400 }),
    });
    expect(applied.status, await applied.clone().text()).toBe(201);

    await page.reload();
    const card = page.getByTestId('applicant');
    await card.getByText('J$ 1,400 an hour').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.getByRole('button', { name: /^Book / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Book / }).click();
    await page.getByTestId('request-status').getByText('Filled').waitFor();
    await card.getByRole('link', { name: 'See the booking' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
