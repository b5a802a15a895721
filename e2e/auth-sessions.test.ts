import { describe, expect, it } from 'vitest';
import { logIn, pathOf, signUp, startServerAndBrowser, uniqueEmail } from './support/auth';
import { axeViolations, newPage, waitForToast } from './support/browser';

/** Auth journeys: signing up, logging in and out (desktop and the mobile menu); the auth pages' axe and titles. */

const suite = startServerAndBrowser();

describe('auth journeys', () => {
  it('(a) family: signup → dashboard → log out → log in → dashboard', async () => {
    const { context, page, errors } = await newPage(suite.browser, suite.server.url);
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
      'Care requests',
      'Bookings',
      'Meetings',
      'Messages',
      'Care circles',
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
    const { context, page, errors } = await newPage(suite.browser, suite.server.url);
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
      'Care requests',
      'Bookings',
      'Meetings',
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

  it('(d) a wrong password shows the Login failed toast', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await logIn(page, 'nobody-here@example.com', 'Definitely-Wrong-1');
    await waitForToast(page, 'Login failed');
    expect(await pathOf(page)).toBe('/login');
    await context.close();
  });

  it('(f) axe: no WCAG 2.1 A/AA violations on the auth pages, a coming-soon page and the 404 page', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
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
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto('/login');
    await page.waitForFunction(() => document.title === 'Log in · YaadCare');
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await page.waitForFunction(() => document.title.includes('404 Page Not Found'));
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });

  it('(g) mobile 360×740: open the slide-out menu with the keyboard and log out', async () => {
    const { context, page, errors } = await newPage(suite.browser, suite.server.url, {
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
