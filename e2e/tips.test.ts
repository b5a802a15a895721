import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './support/a11y';
import { logIn } from './support/auth';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { saveTestCard } from './support/payments';
import { startServer, type TestServer } from './support/server';

/**
 * Tips (issue 34, ADR 0051): the demo family saves a sandbox card, then tips the demo nanny on the visit that
 * ended two days ago, on a 390 px phone; the caregiver sees "Tip from Natalie" on /earnings at 1280 px.
 * Axe finds nothing on either page or in the dialog.
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

describe('tips', () => {
  it('a family with a saved card tips on a completed visit (390 px), and the caregiver sees it on earnings (1280 px)', async () => {
    const family = await signedInPage('family@yaadcare.jm', 390);
    // A saved sandbox card, through the provider's hosted fields.
    await saveTestCard(family);

    await family.goto('/bookings?tab=past');
    await family.getByRole('tab', { name: /^Past/ }).click();
    // The visit with the demo nanny (Shanique) that ended two days ago.
    const card = family
      .getByTestId(/^booking-\d+$/)
      .filter({ hasText: 'Shanique' })
      .filter({ has: family.getByRole('button', { name: 'Add a tip' }) })
      .first();
    const tipButton = card.getByRole('button', { name: 'Add a tip' });
    await tipButton.waitFor();
    expect(await axeViolations(family)).toEqual([]);
    await tipButton.click();
    const dialog = family.getByRole('dialog');
    await dialog.getByText('100 % goes to').waitFor();
    await dialog.getByLabel('Card to charge').waitFor();
    await dialog.getByLabel('J$ 1,000').check();
    await dialog.getByTestId('tip-total').getByText('Total: J$ 1,000').waitFor();
    expect(await axeViolations(family)).toEqual([]);
    expect(await family.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Tip J$ 1,000' }).click();
    await waitForToast(family, 'Thank you!');
    await family.getByTestId('tip-note').filter({ hasText: 'You tipped J$ 1,000' }).first().waitFor();
    expect(await axeViolations(family)).toEqual([]);

    const carer = await signedInPage('caregiver@yaadcare.jm', 1280);
    await carer.goto('/earnings');
    await carer.getByText('Tip from Natalie', { exact: false }).first().waitFor();
    expect(await axeViolations(carer)).toEqual([]);
    expect(await carer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  });
});
