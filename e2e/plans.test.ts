import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './support/a11y';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * A Basic family is refused one-tap rebooking, chooses the Family Plan on the pricing page, pays the first
 * month through the provider's hosted card fields (ADR 0037), sees the plan in Settings, finds "Book again"
 * open, and cancels the plan in one step, on a 360 px phone.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
let close: () => Promise<void>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const p = await newPage(browser, server.url, { viewport: { width: 360, height: 800 } });
  page = p.page;
  close = () => p.context.close();
  await page.goto('/login');
  await page.getByLabel('Email').fill('family@yaadcare.jm');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
});

afterAll(async () => {
  await close?.();
  await browser?.close();
  await server?.stop();
});

describe('plans', () => {
  it('Book again is refused on Basic and opens on the Family Plan, paid with the hosted fields and cancelled in one step', async () => {
    // On Basic, "Book again" on a favourite says it is part of the Family Plan (the server refuses it too).
    const bookAgain = async () => {
      await page.goto('/dashboard');
      await page
        .getByRole('button', { name: /^Book again with / })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByText(/part of the Family Plan|no confirmed booking|Same as on/)
        .first()
        .waitFor();
      const text = (await dialog.textContent()) ?? '';
      await page.keyboard.press('Escape');
      return text;
    };
    expect(await bookAgain()).toContain('part of the Family Plan');

    await page.goto('/pricing');
    const choose = page.getByRole('link', { name: 'Choose Family Plan' });
    await choose.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await choose.click();
    await page.getByRole('heading', { level: 1, name: 'Choose the Family Plan' }).waitFor();
    const sent: { path: string; body: string }[] = [];
    const record = (req: Request) =>
      sent.push({ path: new URL(req.url()).pathname, body: req.postData() ?? '' });
    page.on('request', record);
    const fields = page.frameLocator('iframe[title="Secure card form"]');
    await fields.getByLabel('Card number').fill('4242 4242 4242 4242');
    await fields.getByLabel('Expiry (MM/YY)').fill('12/30');
    await fields.getByLabel('Security code').fill('123');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Pay J$ 999 and start the Family Plan' }).click();
    await waitForToast(page, 'You are on the Family Plan');
    page.off('request', record);
    for (const r of sent.filter((s) => s.path.startsWith('/api/')))
      expect(r.body.replace(/\D/g, '')).not.toContain('4242424242424242');

    await page.waitForURL((url) => url.pathname === '/settings');
    const status = page.getByTestId('plan-status');
    await expect.poll(() => status.textContent()).toMatch(/^Family Plan · renews on /);
    expect(await axeViolations(page)).toEqual([]);

    // On the Family Plan the same button opens the one-tap rebook instead of the prompt.
    expect(await bookAgain()).not.toContain('part of the Family Plan');
    await page.goto('/settings');
    await expect.poll(() => status.textContent()).toMatch(/^Family Plan · renews on /);
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your Family Plan?' });
    await dialog.getByText('You will not be charged again').waitFor();
    await dialog.getByRole('button', { name: 'Cancel plan' }).click();
    await waitForToast(page, 'Plan cancelled');
    await expect
      .poll(() => status.textContent())
      .toMatch(/^Family Plan · cancelled, ends on \w+ \d+, \d{4}$/);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
