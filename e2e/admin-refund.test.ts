import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './support/a11y';
import { logIn } from './support/auth';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Refunds (issue 34, ADR 0054): the demo family pays the Family Plan through the hosted card fields on a
 * 360 px phone; an admin refunds J$ 500 of that charge from the console's Payments tab (amount, reason,
 * confirmation); the family finds the refund, with its date and reason, in the billing history under Your
 * plan. Axe finds nothing in the dialog or on the plan page.
 */
let server: TestServer;
let browser: Browser;
const closers: (() => Promise<void>)[] = [];

async function signedInPage(email: string, width: number): Promise<Page> {
  const p = await newPage(browser, server.url, { viewport: { width, height: 900 } });
  closers.push(() => p.context.close());
  const page = p.page;
  await logIn(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  for (const close of closers) await close();
  await browser?.close();
  await server?.stop();
});

describe('admin refund of a plan charge', () => {
  it('the admin refunds part of a plan charge and the subscriber sees it in their billing history', async () => {
    const family = await signedInPage('family@yaadcare.jm', 360);
    await family.goto('/pricing');
    await family.getByRole('link', { name: 'Choose Family Plan' }).click();
    await family.getByRole('heading', { level: 1, name: 'Choose the Family Plan' }).waitFor();
    const fields = family.frameLocator('iframe[title="Secure card form"]');
    await fields.getByLabel('Card number').fill('4242 4242 4242 4242');
    await fields.getByLabel('Expiry (MM/YY)').fill('12/30');
    await fields.getByLabel('Security code').fill('123');
    await family.getByRole('button', { name: 'Pay J$ 999 and start the Family Plan' }).click();
    await waitForToast(family, 'You are on the Family Plan');

    const admin = await signedInPage('admin@yaadcare.jm', 1280);
    await admin.goto('/admin?tab=payments');
    const item = admin
      .getByRole('listitem')
      .filter({ hasText: /Plan charge \d+ · family plan, first/ })
      .filter({ has: admin.getByRole('button', { name: 'Refund' }) })
      .first();
    await item.getByRole('button', { name: 'Refund' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Amount (J$)').fill('500');
    await dialog.getByLabel('Reason (the family reads it)').fill('Goodwill gesture');
    expect(await axeViolations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog.getByText('Refund J$ 500.00 to').waitFor();
    await dialog.getByRole('button', { name: 'Confirm refund of J$ 500.00' }).click();
    await waitForToast(admin, 'Refunded');
    await item.getByText('refunded J$ 500').waitFor();

    await family.goto('/settings');
    const refund = family.getByTestId('plan-refund').first();
    await refund.waitFor();
    expect(await refund.textContent()).toMatch(/^Refunded J\$ 500\.00 on .+ — Goodwill gesture$/);
    expect(await axeViolations(family)).toEqual([]);
    expect(await family.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
