import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addJamaicaDays } from '../src/shared/contracts/payments';
import { jamaicaToday } from '../src/shared/time';
import { DEMO_PASSWORD, signIn } from './support/a11y';
import { checkBothWidths, launchBrowser, newPage, waitForToast } from './support/browser';
import { loginToken, startServer, type TestServer } from './support/server';

/**
 * Issue 33, counter-proposals in the browser (ADR 0048): the demo family requests Shanique from her profile;
 * Shanique proposes another day and time from her pending request; the family accepts it on /bookings; the
 * booking shows the new time, confirmed, on both sides. Each page passes axe at 390 px and 1280 px (with the
 * dialog open too), without sideways scrolling.
 */

const FAMILY = 'family@yaadcare.jm';
const CAREGIVER = 'caregiver@yaadcare.jm';
// Beyond the demo data's booking windows: both slots are free.
const requested = addJamaicaDays(jamaicaToday(), 48);
const proposed = addJamaicaDays(jamaicaToday(), 49);

let server: TestServer;
let browser: Browser;
const env = {} as { caregiverId: number; bookingId: number };
const closers: (() => Promise<unknown>)[] = [];

const tokenOf = (email: string, password = DEMO_PASSWORD) => loginToken(server.url, email, password);

async function pageFor(email: string) {
  const { context, page, errors } = await newPage(browser, server.url, {
    viewport: { width: 390, height: 844 },
  });
  closers.push(() => context.close());
  await signIn(context, email, DEMO_PASSWORD);
  return { page, errors };
}

/** 'Tue 8 Dec' as the card writes a yyyy-MM-dd date. */
const shortDay = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
    .format(new Date(`${date}T12:00:00Z`))
    .replace(',', '');

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const carer = await tokenOf(CAREGIVER);
  const res = await fetch(`${server.url}/api/caregivers/me`, {
    headers: { authorization: `Bearer ${carer}` },
  });
  env.caregiverId = ((await res.json()) as { id: number }).id;
});

afterAll(async () => {
  for (const close of closers) await close();
  await browser?.close();
  await server?.stop();
});

describe('a counter-proposal accepted moves the booking', () => {
  it('the family requests Shanique for a morning', async () => {
    const { page, errors } = await pageFor(FAMILY);
    await page.goto(`/caregiver/${env.caregiverId}`);
    const panel = page.getByRole('region', { name: /^Book / });
    await panel.getByLabel('Date').fill(requested);
    await panel.getByLabel('Start time').selectOption('9:00 AM');
    await panel.getByRole('button', { name: 'Request Booking' }).click();
    await page.waitForURL(/\/(payment|bookings)\b.*?\d+/);
    env.bookingId = Number(/(\d+)(?:$|[?#])/.exec(page.url())?.[1] ?? /booking=(\d+)/.exec(page.url())?.[1]);
    expect(env.bookingId).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('Shanique proposes another day and time instead of declining', async () => {
    const { page, errors } = await pageFor(CAREGIVER);
    await page.goto('/bookings');
    await page.getByRole('tab', { name: /Pending/ }).click();
    const card = page.getByRole('tabpanel').getByTestId(`booking-${env.bookingId}`);
    await card.getByRole('button', { name: 'Propose another time' }).waitFor();
    await checkBothWidths(page);
    await card.getByRole('button', { name: 'Propose another time' }).click();
    const dialog = page.getByRole('dialog', { name: 'Propose another time' });
    await dialog.getByLabel('Date').fill(proposed);
    await dialog.getByLabel('Start').selectOption('10:00 AM');
    await dialog.getByLabel('End').selectOption('1:00 PM');
    await dialog.getByLabel('Note (optional)').fill('Mornings later in the week suit me better.');
    await checkBothWidths(page);
    await dialog.getByRole('button', { name: 'Send proposal' }).click();
    await waitForToast(page, 'New time proposed');
    await page
      .getByTestId(`counter-proposal-${env.bookingId}`)
      .getByText(`You proposed ${shortDay(proposed)}, 10:00 AM–1:00 PM instead`)
      .first()
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('the family reads it, accepts it by keyboard, and the booking shows the new time', async () => {
    const { page, errors } = await pageFor(FAMILY);
    await page.goto('/bookings');
    const note = page.getByTestId(`counter-proposal-${env.bookingId}`).first();
    await note.getByText(`Shanique proposed ${shortDay(proposed)}, 10:00 AM–1:00 PM instead`).waitFor();
    await checkBothWidths(page);
    await note.getByRole('button', { name: 'Accept new time' }).focus();
    await page.keyboard.press('Enter');
    await waitForToast(page, 'New time accepted');
    const card = page.getByTestId(`booking-${env.bookingId}`).first();
    await card.getByText('10:00 AM – 1:00 PM').waitFor();
    await card.getByText('Confirmed').first().waitFor();
    expect(await page.getByTestId(`counter-proposal-${env.bookingId}`).count()).toBe(0);
    await checkBothWidths(page);
    expect(errors).toEqual([]);
  });

  it('Shanique sees it confirmed at the new time', async () => {
    const { page, errors } = await pageFor(CAREGIVER);
    await page.goto('/bookings');
    const card = page.getByRole('tabpanel').getByTestId(`booking-${env.bookingId}`);
    await card.getByText('10:00 AM – 1:00 PM').waitFor();
    await card.getByText('Confirmed').first().waitFor();
    await checkBothWidths(page);
    expect(errors).toEqual([]);
  });
});
