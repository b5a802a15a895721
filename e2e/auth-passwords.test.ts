import { describe, expect, it } from 'vitest';
import { logIn, pathOf, signUp, startServerAndBrowser, uniqueEmail } from './support/auth';
import { axeViolations, newPage, waitForToast } from './support/browser';

/** Auth journeys around passwords: forgot and reset by the e-mailed link, the admin's Outbox, changing it in settings. */

const suite = startServerAndBrowser();

describe('auth journeys', () => {
  it('(c) forgot password → no token on screen, the link from the e-mail → reset → new password works, old fails', async () => {
    const { context, page, errors } = await newPage(suite.browser, suite.server.url);
    const oldPassword = 'Port-Antonio-Rain-19';
    const newPassword = 'Negril-Sunset-Seven-7';
    const account = { email: uniqueEmail('forgetful'), password: oldPassword, firstName: 'Devon' };
    await signUp(page, 'family', account);
    await page.waitForURL('**/dashboard');
    await page.getByRole('banner').getByRole('link', { name: 'Log Out' }).click();
    await waitForToast(page, 'Logged out');

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    // Client-side navigation: wait for the new page, not just the new URL (the old form also has an Email box).
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();

    // Demo mode too: the link is only in the e-mail, never on screen (ADR 0011).
    expect(await page.getByRole('link', { name: /reset your password now/i }).count()).toBe(0);
    const mail = (await suite.server.outbox()).find((m) => m.to.includes(account.email));
    const devHref = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
    const token = new URL(devHref || 'http://x/').searchParams.get('token');
    expect(token).toBeTruthy();
    expect(await page.content()).not.toContain(token);

    // The outbox is not for visitors: /dev/outbox leads a signed-out reader away from it.
    await page.goto('/dev/outbox');
    await page.waitForURL((url) => url.pathname !== '/dev/outbox' && url.pathname !== '/admin');
    expect(await page.getByRole('article').count()).toBe(0);

    // Follow the e-mail's link, as its owner would from the mailbox.
    await page.goto(new URL(devHref).pathname + new URL(devHref).search);
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();

    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Show new password' }).click();
    expect(await page.getByLabel('New password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Password reset successful' }).waitFor();

    // The token is single-use: the e-mail's link now fails.
    await page.goto(new URL(devHref).pathname + new URL(devHref).search);
    await page.getByLabel('New password', { exact: true }).fill('Another-Password-99');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Another-Password-99');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('main').getByRole('alert').waitFor();

    await page.goto('/reset-password');
    await page.getByRole('heading', { level: 1, name: 'Invalid reset link' }).waitFor();

    await logIn(page, account.email, oldPassword);
    await waitForToast(page, 'Login failed');
    expect(await pathOf(page)).toBe('/login');

    await logIn(page, account.email, newPassword);
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("(c2) the admin console's Outbox tab: mail with its link, texts, reached by keyboard; /dev/outbox leads there", async () => {
    const { context, page, errors } = await newPage(suite.browser, suite.server.url);
    await fetch(`${suite.server.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'family@yaadcare.jm' }),
    });
    await logIn(page, 'admin@yaadcare.jm', 'YaadCare2025!');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/dev/outbox');
    await page.waitForURL('**/admin?tab=outbox');
    await page.getByRole('heading', { level: 2, name: 'Outbox' }).waitFor();
    // The reset mail by its subject: the jobs may mail the demo family too (a reminder of tomorrow's visit).
    const article = page
      .getByRole('article')
      .filter({ hasText: 'family@yaadcare.jm' })
      .filter({ hasText: 'Reset your YaadCare password' })
      .first();
    await article.getByRole('link', { name: /Open link/ }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Text messages' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Keyboard: the tab list is one stop; arrows move between tabs, and the Outbox tab shows its panel.
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Verifications' }).focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    // Selecting a tab also writes ?tab= to the URL, so the selection shows a moment later.
    await page.getByRole('tab', { name: 'Outbox', selected: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Outbox' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('(e) settings: change password, then log in with the new one', async () => {
    const { context, page, errors } = await newPage(suite.browser, suite.server.url);
    const account = { email: uniqueEmail('changer'), password: 'Ocho-Rios-Breeze-31', firstName: 'Tanya' };
    const newPassword = 'Blue-Lagoon-Morning-8';
    await signUp(page, 'family', account);
    await page.waitForURL('**/dashboard');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    // Client-side rules first.
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Current password is required').waitFor();
    await page.getByLabel('Current password', { exact: true }).fill(account.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await waitForToast(page, 'Password updated');

    await page.getByRole('banner').getByRole('link', { name: 'Log Out' }).click();
    await waitForToast(page, 'Logged out');
    await logIn(page, account.email, account.password);
    await waitForToast(page, 'Login failed');
    await logIn(page, account.email, newPassword);
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });
});
