import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './support/a11y';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * A family saves a card on /payment-settings through the provider's hosted fields (ADR 0032), on a 360 px
 * phone: the card goes to the provider's fields only, the page lists brand and last 4, axe finds nothing.
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

describe('saved cards', () => {
  it('a family saves a card with the hosted fields and removes it', async () => {
    await page.goto('/payment-settings');
    await page.getByRole('heading', { name: 'Saved cards' }).waitFor();
    await page.getByText('we keep only the brand and last 4 digits', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const sent: { method: string; path: string; body: string }[] = [];
    const record = (req: Request) =>
      sent.push({ method: req.method(), path: new URL(req.url()).pathname, body: req.postData() ?? '' });
    page.on('request', record);
    await page.getByRole('button', { name: 'Add a card' }).click();
    const fields = page.frameLocator('iframe[title="Secure card form"]');
    await fields.getByLabel('Card number').fill('4242 4242 4242 4242');
    await fields.getByLabel('Expiry (MM/YY)').fill('12/30');
    await fields.getByLabel('Security code').fill('123');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save card' }).click();
    await waitForToast(page, 'Card saved');
    await page.getByTestId('saved-card').getByText('Visa •••• 4242').waitFor();
    page.off('request', record);
    const toApi = sent.filter((r) => r.path.startsWith('/api/'));
    for (const r of toApi) expect(r.body.replace(/\D/g, '')).not.toContain('4242424242424242');
    const saves = toApi.filter((r) => r.method === 'POST' && r.path === '/api/payment-methods');
    expect(saves).toHaveLength(1);
    expect(JSON.parse(saves[0].body).paymentToken).toMatch(/^tok_sbx_/);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Remove Visa •••• 4242' }).click();
    await page.getByTestId('no-saved-cards').waitFor();
  });
});
