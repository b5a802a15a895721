import type { BrowserContext, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from './support/a11y';
import { signUp, startServerAndBrowser, uniqueEmail } from './support/auth';
import { axeViolations, newPage } from './support/browser';

/**
 * Issue 32, item 15, on a phone (390 px): ordinary screens ask only what the screen may have, so the browser
 * logs no failed resource (4xx or 5xx). A family's payment settings never ask for a caregiver's payout
 * account; a caregiver fresh from signup meets "no profile yet" and "no verification yet" as answers, not
 * as 404s.
 */
const suite = startServerAndBrowser();

/** Every failed answer and every console error from now on, as readable lines. */
function watchFailures(page: Page) {
  const failures: string[] = [];
  page.on('response', (res: Response) => {
    if (res.status() >= 400)
      failures.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') failures.push(`console: ${msg.text()}`);
  });
  return failures;
}

/** Once the page is quiet: nothing failed, no axe violation, no page error; then the context closes. */
async function expectQuietEnd(
  opened: { context: BrowserContext; page: Page; errors: string[] },
  failures: string[],
) {
  await opened.page.waitForLoadState('networkidle');
  expect(failures).toEqual([]);
  expect(await axeViolations(opened.page)).toEqual([]);
  expect(opened.errors).toEqual([]);
  await opened.context.close();
}

describe('no failed requests on ordinary screens at 390 px', () => {
  it('a family’s payment settings do not ask for the payout account (no 403)', async () => {
    const opened = await newPage(suite.browser, suite.server.url, { viewport: { width: 390, height: 844 } });
    await signIn(opened.context, 'family@yaadcare.jm', DEMO_PASSWORD);
    const failures = watchFailures(opened.page);
    await opened.page.goto('/payment-settings');
    await opened.page.getByRole('heading', { level: 1, name: 'Payment settings' }).waitFor();
    await expectQuietEnd(opened, failures);
  }, 60_000);

  it('a freshly signed-up caregiver: onboarding and the first verification visit answer without a 404', async () => {
    const opened = await newPage(suite.browser, suite.server.url, { viewport: { width: 390, height: 844 } });
    const { page } = opened;
    const failures = watchFailures(page);
    await signUp(page, 'caregiver', {
      email: uniqueEmail('quiet-carer'),
      password: 'Dunns-River-Falls-77',
      firstName: 'Marcia',
    });
    await page.waitForURL('**/caregiver-onboarding');
    await page.getByRole('heading', { level: 2, name: 'About you' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(failures).toEqual([]);

    await page.goto('/caregiver-onboarding');
    await page.getByRole('heading', { level: 2, name: 'About you' }).waitFor();
    await page.goto('/background-check');
    await page.getByRole('heading', { level: 2, name: 'Step 1: Email' }).waitFor();
    await expectQuietEnd(opened, failures);
  }, 90_000);
});
