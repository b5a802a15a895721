import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from './support/a11y';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 34 (ADR 0052): the demo caregiver enters a Jamaican bank account (bank, branch, savings or
 * chequing, number) and sees it masked, at 390 and at 1280 px, with no axe violations and no sideways scroll.
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

const CASES = [
  { width: 390, height: 844, bank: 'NCB', branch: '01234', type: 'Savings', number: '404 555 7788' },
  { width: 1280, height: 800, bank: 'BNS', branch: '50575', type: 'Chequing', number: '000-912-345-6789' },
] as const;

describe('payout account with a Jamaican bank', () => {
  for (const c of CASES) {
    it(`at ${c.width} px a caregiver enters bank, branch, type and number and sees it masked`, async () => {
      const { page, context, errors } = await newPage(browser, server.url, {
        viewport: { width: c.width, height: c.height },
      });
      await signIn(context, 'caregiver@yaadcare.jm', DEMO_PASSWORD);
      await page.goto('/payment-settings');
      const form = page.getByRole('form', { name: 'Payout bank account' });
      await form.waitFor();
      expect(await axeViolations(page)).toEqual([]);

      // No account number yet (and at first no bank either): inline errors, nothing sent.
      await form.getByRole('button', { name: 'Save payout method' }).click();
      await form.getByText('Account numbers have 6 to 18 digits.').waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await form.getByLabel('Bank', { exact: true }).selectOption(c.bank);
      await form.getByLabel('Branch (transit) number').fill(c.branch);
      await form.getByRole('radio', { name: c.type }).check();
      await form.getByLabel('Account number').fill(c.number);
      await form.getByRole('button', { name: 'Save payout method' }).click();
      await waitForToast(page, 'Payout method saved');
      const last4 = c.number.replace(/\D/g, '').slice(-4);
      await page.getByTestId('masked-account').getByText(`•••• ${last4}`).waitFor();
      const digits = c.number.replace(/\D/g, '');
      expect(await page.content()).not.toContain(digits);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(c.width);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
