import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/shared/booking-series';
import { DEMO_PASSWORD, signIn } from './support/a11y';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 33, dated availability (ADR 0046): a family opens the demo caregiver's profile and sees her free
 * time for four weeks, one week at a time; the days of her time off next week show no free time; a tapped
 * slot fills the booking form. The caregiver adds a day off on her availability page and that day's slots
 * leave the profile; a booking request into time off is refused with the dates named. At 390 px and
 * 1280 px, with axe.
 */

let server: TestServer;
let browser: Browser;
let caregiverId: number;
let away: { from: string; to: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const context = await browser.newContext({ baseURL: server.url });
  await signIn(context, 'caregiver@yaadcare.jm', DEMO_PASSWORD);
  caregiverId = ((await (await context.request.get('/api/caregivers/me')).json()) as { id: number }).id;
  const list = (await (await context.request.get('/api/caregivers/me/time-off')).json()) as {
    from: string;
    to: string;
  }[];
  expect(list).toHaveLength(1);
  away = list[0];
  await context.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The dates from `from` to `to`, inclusive. */
function datesOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Shows the week holding `date` in the free-time card (weeks run from today). */
async function showWeekOf(page: Page, date: string) {
  const card = page.getByTestId('free-time-week');
  await card.waitFor();
  for (let i = 0; i < 4 && (await card.locator(`li[data-date="${date}"]`).count()) === 0; i++)
    await page.getByRole('button', { name: 'Next week' }).click();
  return card.locator(`li[data-date="${date}"]`);
}

async function openProfile(width: number) {
  const opened = await newPage(browser, server.url, {
    viewport: { width, height: 900 },
    timezoneId: 'America/Jamaica',
  });
  await signIn(opened.context, 'family@yaadcare.jm', DEMO_PASSWORD);
  await opened.page.goto(`/caregiver/${caregiverId}`);
  await opened.page.getByRole('heading', { name: 'Free time' }).waitFor();
  await opened.page.getByTestId('free-time-week').waitFor();
  return opened;
}

describe.each([390, 1280])('free time at %i px', (width) => {
  it('shows free slots, none in the time off, and a tapped slot fills the booking form', async () => {
    const { page, errors, context } = await openProfile(width);
    const slot = page.getByTestId('free-time-week').getByRole('button').first();
    await slot.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);

    // Tap the first free slot: the booking form has its date and start time, and the focus.
    const day = await slot.evaluate((el) => el.closest('li[data-date]')?.getAttribute('data-date'));
    const start = (await slot.innerText()).match(/\d{1,2}:\d{2} [AP]M/)?.[0];
    await slot.click();
    const date = page.getByLabel('Date', { exact: true });
    await expect.poll(() => date.inputValue()).toBe(day);
    expect(await page.getByLabel('Start time').inputValue()).toBe(start);
    await expect.poll(() => date.evaluate((el) => el === document.activeElement)).toBe(true);

    // The week of the time off: those days show no free time.
    for (const d of datesOf(away.from, away.to)) {
      const item = await showWeekOf(page, d);
      await item.waitFor();
      expect(await item.getByRole('button').count()).toBe(0);
      expect(await item.innerText()).toContain('Not free');
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);

    // A booking request into the time off is refused, naming the dates.
    const refused = await context.request.post('/api/bookings', {
      headers: { 'X-Requested-With': 'fetch' },
      data: {
        caregiverId,
        date: away.from,
        startTime: '10:00 AM',
        endTime: 'ignored',
        duration: 2,
        totalCost: '1.00',
        notes: '',
      },
    });
    expect(refused.status()).toBe(409);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe('CAREGIVER_TIME_OFF');
    expect(body.message).toMatch(/^Shanique is away (on|from) \w{3} \d{1,2} \w+/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('time off on the availability page', () => {
  it('a day off added by the caregiver takes that day’s slots off the profile', async () => {
    const family = await openProfile(390);
    const slot = family.page.getByTestId('free-time-week').getByRole('button').first();
    await slot.waitFor();
    const day = await slot.evaluate((el) => el.closest('li[data-date]')?.getAttribute('data-date'));
    expect(day).toBeTruthy();

    const carer = await newPage(browser, server.url, { viewport: { width: 390, height: 900 } });
    await signIn(carer.context, 'caregiver@yaadcare.jm', DEMO_PASSWORD);
    await carer.page.goto('/availability');
    await carer.page.getByRole('heading', { name: 'Time off', exact: true }).waitFor();
    await carer.page.getByRole('form', { name: 'Add time off' }).getByLabel('A whole day').check();
    await carer.page
      .getByRole('form', { name: 'Add time off' })
      .getByLabel('Date', { exact: true })
      .fill(day as string);
    await carer.page.getByRole('form', { name: 'Add time off' }).getByLabel(/^Note/).fill('Doctor');
    await carer.page.getByRole('button', { name: 'Add time off' }).click();
    await waitForToast(carer.page, /Families will not see you as free then/);
    await carer.page
      .getByRole('button', { name: /^Remove time off / })
      .nth(1)
      .waitFor();
    expect(await carer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(carer.page)).toEqual([]);
    await carer.page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(carer.page)).toEqual([]);

    await family.page.reload();
    const item = await showWeekOf(family.page, day as string);
    await item.waitFor();
    expect(await item.getByRole('button').count()).toBe(0);
    expect(await item.innerText()).toContain('Not free');
    expect(family.errors).toEqual([]);
    expect(carer.errors).toEqual([]);
    await family.context.close();
    await carer.context.close();
  });
});
