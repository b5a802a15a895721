import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

/*
 * Issue 20, parish emergency mode: an admin declares a curfew for St. Thomas from the console at 1280 px;
 * a family living in St. Thomas sees the banner at 390 px (and can dismiss it for the session). Axe clean.
 */
let server: TestServer;
let browser: Browser;
const PASSWORD = 'Blue-Mountain-Coffee-42';
const MESSAGE = `Curfew in St. Thomas ${Date.now()}: stay indoors after 6 pm.`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('parish emergency mode', () => {
  it('an admin declares; a family in the parish sees the banner; axe clean', async () => {
    const admin = await newPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
    const page = admin.page;
    await page.goto('/login');
    await page.getByLabel('Email').fill('admin@yaadcare.jm');
    await page.getByLabel('Password', { exact: true }).fill('YaadCare2025!');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/admin?tab=emergencies');
    await page.getByRole('heading', { name: 'Declare an emergency' }).waitFor();
    // The demo's prepared emergency is listed, not declared.
    await page
      .getByRole('button', { name: /Declare now: Hurricane warning: St\. Thomas, Portland/ })
      .waitFor();
    await page.getByLabel('Kind').selectOption('curfew');
    await page.getByRole('checkbox', { name: 'St. Thomas' }).check();
    await page.getByLabel('Public message').fill(MESSAGE);
    await page.getByRole('button', { name: 'Declare emergency' }).click();
    await waitForToast(page, 'Emergency declared');
    await page.getByRole('button', { name: 'End now: Curfew: St. Thomas' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await admin.context.close();

    const email = `storm-${Date.now()}@example.com`;
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userType: 'family',
        firstName: 'Kemar',
        lastName: 'Tester',
        email,
        location: 'Morant Bay',
        password: PASSWORD,
      }),
    });
    expect(signup.status).toBe(201);
    const family = await newPage(browser, server.url, { viewport: { width: 390, height: 844 } });
    const p = family.page;
    await p.goto('/login');
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await p.getByRole('button', { name: 'Log In' }).click();
    await p.waitForURL((url) => url.pathname !== '/login');
    const banner = p.getByRole('complementary', { name: 'Emergency notice' });
    await banner.getByText(MESSAGE).waitFor();
    await expect(banner.getByText('cancel affected bookings with no fee').isVisible()).resolves.toBe(true);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(p)).toEqual([]);
    // Dismissed for the session: gone, and still gone on the next page.
    await banner.getByRole('button', { name: 'Dismiss: Curfew: St. Thomas' }).click();
    await banner.waitFor({ state: 'detached' });
    await p.goto('/bookings');
    await p.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await p.getByRole('complementary', { name: 'Emergency notice' }).count()).toBe(0);
    expect(family.errors).toEqual([]);
    await family.context.close();
  });
});
