import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from './support/a11y';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 32: every home says what to do next. The demo payer abroad (Simone, Toronto, Canadian dollars) signs
 * in at 390 px and the first thing under the greeting is the booking awaiting her approval, with the amount
 * in J$ and about how much in C$; she approves it from there. The coordinator's home shows the circle's week
 * and month. No sideways scrolling, zero axe violations.
 */

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function home(email: string) {
  const opened = await newPage(browser, server.url, {
    viewport: { width: 390, height: 844 },
    timezoneId: 'America/Toronto',
  });
  await signIn(opened.context, email, DEMO_PASSWORD);
  await opened.page.goto('/dashboard');
  await opened.page.getByRole('heading', { level: 1 }).first().waitFor();
  return opened;
}

describe('role homes at 390 px', () => {
  it('the payer abroad sees her approval first, in J$ and C$, and approves it there', async () => {
    const { page, errors, context } = await home('payer@yaadcare.jm');
    const now = page.getByRole('region', { name: 'Needs you now' });
    const approval = now.locator('[data-testid^="approve-"]').first();
    await approval.waitFor();
    expect(await approval.innerText()).toMatch(/Approve .+ for Gloria/);
    expect(await approval.innerText()).toMatch(/J\$ [\d,]+/);
    await approval
      .getByTestId('approval-estimate')
      .getByText(/about C\$[\d,.]+/)
      .waitFor();
    // First on the screen: right under the greeting, above the counts, inside the first screenful.
    const box = await now.boundingBox();
    const counts = await page.getByText('Upcoming bookings', { exact: true }).first().boundingBox();
    expect(box && counts && box.y < counts.y).toBe(true);
    expect((box?.y ?? 1e9) < 844).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    const id = (await approval.getAttribute('data-testid'))?.replace('approve-', '');
    await approval.getByRole('button', { name: 'Approve' }).focus();
    await page.keyboard.press('Enter');
    await waitForToast(page, /now sees the request for Gloria/);
    await page.getByTestId(`approve-${id}`).waitFor({ state: 'detached' });
    const after = await context.request.get(`/api/bookings/${id}`);
    expect(((await after.json()) as { status: string }).status).toBe('pending');
    expect(errors).toEqual([]);
  });

  it('the coordinator sees the circle’s week and month, with a way to the statement', async () => {
    const { page, errors } = await home('coordinator@yaadcare.jm');
    const week = page.getByRole('region', { name: /^This week for / });
    await week.waitFor();
    await week.getByText(/^This month: J\$ [\d,]+/).waitFor();
    await week.getByRole('link', { name: 'Circle and statement' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a family reads the next visit and what needs them first; a caregiver the next action with the payment state', async () => {
    const family = await home('family@yaadcare.jm');
    const first = family.page.getByRole('region', { name: /^(Needs you now|Coming up)$/ });
    await first.waitFor();
    await first.getByText('Next visit:').waitFor();
    expect(await family.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(family.errors).toEqual([]);

    const carer = await home('caregiver@yaadcare.jm');
    const now = carer.page.getByRole('region', { name: 'Needs you now' });
    await now.waitFor();
    const item = now.getByRole('listitem').first();
    expect(await item.getByRole('link').innerText()).toMatch(
      /^(Accept or decline|Check in and write the log|Mark completed)$/,
    );
    expect(await item.getByTestId('needs-payment').innerText()).not.toBe('');
    const box = await now.boundingBox();
    const tabs = await carer.page.getByRole('tablist', { name: 'Dashboard sections' }).boundingBox();
    expect(box && tabs && box.y < tabs.y).toBe(true);
    expect(await carer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(carer.page)).toEqual([]);
    expect(carer.errors).toEqual([]);
  });
});
