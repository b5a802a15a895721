import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let counter = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

interface Account {
  email: string;
  password: string;
  firstName: string;
}

async function signUp(page: Page, userType: 'family' | 'caregiver', account: Account) {
  await page.goto('/signup');
  await page.getByText(userType === 'family' ? "I'm looking for care" : "I'm a caregiver").click();
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill('Campbell');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Location').selectOption('Montego Bay');
  await page.getByLabel('Phone (optional)').fill('876-555-1234');
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

async function pathOf(page: Page) {
  return new URL(page.url()).pathname;
}

describe('auth journeys', () => {
  it('(a) family: signup → dashboard → log out → log in → dashboard', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    const account = {
      email: uniqueEmail('family'),
      password: 'Blue-Mountain-Coffee-42',
      firstName: 'Shanice',
    };

    await signUp(page, 'family', account);
    await page.waitForURL('**/dashboard');
    await waitForToast(page, 'Account created successfully!');
    await page.getByRole('heading', { level: 1, name: /Dashboard/ }).waitFor();
    // The first visit after signup: 'Welcome', not 'Welcome back'.
    expect(await page.getByRole('main').textContent()).toContain('Welcome, Shanice');
    // The header greets by first name and shows the family links.
    const header = page.getByRole('banner');
    expect(await header.getByText('Shanice', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toEqual([
      'Home',
      'Profile',
      'Find Care',
      'Bookings',
      'Messages',
      'Settings',
    ]);
    // No token in storage: the session is an HttpOnly cookie.
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.httpOnly)).toBe(true);

    await header.getByRole('link', { name: 'Log Out' }).click();
    await waitForToast(page, 'Logged out');
    expect(await pathOf(page)).toBe('/');
    await header.getByRole('link', { name: 'Sign Up' }).waitFor();

    // Signed out for real: a guarded page sends us to /login, and we come back after logging in.
    await page.goto('/settings');
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/settings');
    await waitForToast(page, 'Login successful! Welcome back, Shanice!');

    await header.getByRole('link', { name: 'Log Out' }).click();
    await waitForToast(page, 'Logged out');
    await logIn(page, account.email, account.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: /Dashboard/ }).waitFor();
    // Signed in before: now it is 'Welcome back'.
    await page.getByRole('main').getByText('Welcome back,').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('(b) caregiver: signup → onboarding', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await signUp(page, 'caregiver', {
      email: uniqueEmail('carer'),
      password: 'Dunns-River-Falls-77',
      firstName: 'Marcia',
    });
    await page.waitForURL('**/caregiver-onboarding');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toEqual([
      'Home',
      'Profile',
      'Bookings',
      'Messages',
      'Earnings',
      'Resources',
      'Settings',
    ]);
    // A caregiver's Home is the caregiver dashboard, which lets caregivers in.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL('**/caregiver-dashboard');

    // The plain logout link (no script needed) revokes the session and lands on / with the toast.
    await page.goto('/api/logout');
    await waitForToast(page, 'Logged out');
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    await page.goto('/caregiver-dashboard');
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('(c) forgot password → no token on screen, the link from the e-mail → reset → new password works, old fails', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
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
    const mail = (await server.outbox()).find((m) => m.to.includes(account.email));
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
    const { context, page, errors } = await newPage(browser, server.url);
    await fetch(`${server.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'family@yaadcare.jm' }),
    });
    await logIn(page, 'admin@yaadcare.jm', 'YaadCare2025!');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/dev/outbox');
    await page.waitForURL('**/admin?tab=outbox');
    await page.getByRole('heading', { level: 2, name: 'Outbox' }).waitFor();
    const article = page.getByRole('article').filter({ hasText: 'family@yaadcare.jm' }).first();
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

  it('(d) a wrong password shows the Login failed toast', async () => {
    const { context, page } = await newPage(browser, server.url);
    await logIn(page, 'nobody-here@example.com', 'Definitely-Wrong-1');
    await waitForToast(page, 'Login failed');
    expect(await pathOf(page)).toBe('/login');
    await context.close();
  });

  it('(e) settings: change password, then log in with the new one', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
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

  it('(f) axe: no WCAG 2.1 A/AA violations on the auth pages, a coming-soon page and the 404 page', async () => {
    const { context, page } = await newPage(browser, server.url);
    const visitorPages = [
      '/',
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password',
      '/reset-password?token=x',
      '/pricing',
      '/dev/outbox',
      '/no-such-page',
    ];
    const report: Record<string, string[]> = {};
    for (const path of visitorPages) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      report[path] = await axeViolations(page);
    }

    // Forms showing their errors, too.
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('First name is required').waitFor();
    report['/signup (errors)'] = await axeViolations(page);

    await signUp(page, 'family', {
      email: uniqueEmail('axe'),
      password: 'Treasure-Beach-55',
      firstName: 'Kemar',
    });
    await page.waitForURL('**/dashboard');
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    report['/settings'] = await axeViolations(page);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: /Dashboard/ }).waitFor();
    report['/dashboard'] = await axeViolations(page);

    expect(report).toEqual(Object.fromEntries(Object.keys(report).map((k) => [k, []])));
    await context.close();
  });

  it('(f) titles: each page sets its own, and the 404 page says so', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/login');
    await page.waitForFunction(() => document.title === 'Log in · YaadCare');
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await page.waitForFunction(() => document.title.includes('404 Page Not Found'));
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });

  it('(g) mobile 360×740: open the slide-out menu with the keyboard and log out', async () => {
    const { context, page, errors } = await newPage(browser, server.url, {
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    await signUp(page, 'family', {
      email: uniqueEmail('mobile'),
      password: 'Port-Royal-Pirates-3',
      firstName: 'Andre',
    });
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: /Dashboard/ }).waitFor();
    // Nothing sticks out sideways at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const trigger = page.getByRole('button', { name: 'Open menu' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await sheet.waitFor();
    await sheet.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const box = await sheet.boundingBox();
    expect(box?.width).toBeCloseTo(288, 0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeCloseTo(360, 0);
    expect(await sheet.getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining(['Home', 'Profile', 'Find Care', 'Bookings', 'Messages', 'Settings']),
    );
    expect(await axeViolations(page)).toEqual([]);

    // Tab through the sheet (focus stays inside it) to Log Out.
    let onLogout = false;
    for (let i = 0; i < 20 && !onLogout; i++) {
      await page.keyboard.press('Tab');
      onLogout = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Log Out');
      expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    expect(onLogout).toBe(true);
    await page.keyboard.press('Enter');
    await waitForToast(page, 'Logged out');
    expect(await pathOf(page)).toBe('/');
    expect(await sheet.count()).toBe(0);
    await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
