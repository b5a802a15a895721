import type { Page } from 'playwright-core';
import { waitForToast } from './browser';

/** Saves the sandbox's test Visa through the provider's hosted card fields on /payment-settings. */
export async function saveTestCard(page: Page) {
  await page.goto('/payment-settings');
  await page.getByRole('heading', { name: 'Saved cards' }).waitFor();
  await page.getByRole('button', { name: 'Add a card' }).click();
  const fields = page.frameLocator('iframe[title="Secure card form"]');
  await fields.getByLabel('Card number').fill('4242 4242 4242 4242');
  await fields.getByLabel('Expiry (MM/YY)').fill('12/30');
  await fields.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await waitForToast(page, 'Card saved');
}
