import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTES, PRIVATE_PAGES } from '../src/shared/routes';
import { axeViolations, launchBrowser, newPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 8 §6: every route of the app, for every role, with demo data and empty, has no WCAG 2.1 A/AA
 * violation (axe-core). Each role signs in with the demo account and opens every path of APP_ROUTES
 * (guarded pages show what that role gets: the page, or where it is sent instead).
 */

const DEMO_PASSWORD = 'YaadCare2025!';
const NEW_PASSWORD = 'Blue-Mountain-Coffee-42';
const ROLES = [
  { role: 'family', email: 'family@yaadcare.jm' },
  { role: 'caregiver', email: 'caregiver@yaadcare.jm' },
  { role: 'admin', email: 'admin@yaadcare.jm' },
] as const;

let server: TestServer;
let browser: Browser;
/** Real ids for the routes with parameters: a listed caregiver and the user behind them. */
let ids: { caregiverId: number; caregiverUserId: number };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const res = await fetch(`${server.url}/api/caregivers/search?sort=rating&limit=1`);
  const [top] = (await res.json()) as { id: number }[];
  const profile = (await (await fetch(`${server.url}/api/caregivers/${top.id}`)).json()) as {
    userId: number;
  };
  ids = { caregiverId: top.id, caregiverUserId: profile.userId };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A path of APP_ROUTES with its parameters filled in. */
function concrete(route: string): string {
  return route
    .replace(':caregiverId', String(ids.caregiverId))
    .replace(':id', String(ids.caregiverId))
    .replace(':userId', String(ids.caregiverUserId))
    .replace(':bookingId', '1')
    .replace(/^\/reset-password$/, '/reset-password?token=not-a-real-token');
}

/** Opens a path and waits until it has settled: a heading is shown and nothing says it is loading. */
async function settle(page: Page, path: string): Promise<boolean> {
  await page.goto(path);
  return page
    .waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"]') &&
        !document.querySelector('[role="status"][aria-label^="Loading"]') &&
        Boolean(document.querySelector('main h1, main h2')),
      undefined,
      { timeout: 15_000 },
    )
    .then(() => true)
    .catch(() => false);
}

async function signIn(context: BrowserContext, email: string, password: string) {
  const res = await context.request.post('/api/auth/login', {
    data: { email, password },
    headers: { 'X-Requested-With': 'fetch' },
  });
  expect(res.status(), `login ${email}`).toBe(200);
}

async function sweep(page: Page, paths: string[]) {
  const report: Record<string, string[]> = {};
  for (const path of paths) {
    // A page that never shows a heading would pass axe while broken: that counts as a failure too.
    const settled = await settle(page, path);
    const violations = await axeViolations(page);
    if (!settled) violations.push('did not settle: no heading in main, or still loading after 15 s');
    if (violations.length) report[`${path} (shown: ${new URL(page.url()).pathname})`] = violations;
  }
  return report;
}

describe('axe on every route', () => {
  it.each(ROLES)(
    '$role: every app route has no WCAG 2.1 A/AA violations',
    async ({ email }) => {
      const { context, page, errors } = await newPage(browser, server.url, {
        viewport: { width: 1280, height: 800 },
      });
      await signIn(context, email, DEMO_PASSWORD);
      const report = await sweep(page, APP_ROUTES.map(concrete));
      expect(report).toEqual({});
      expect(errors).toEqual([]);
      await context.close();
    },
    300_000,
  );

  it('a visitor: every public route, and a guarded one (it shows the log-in page), at 360 px', async () => {
    const { context, page, errors } = await newPage(browser, server.url, {
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const isPrivate = (r: string) => (PRIVATE_PAGES as readonly string[]).includes(r);
    const paths = [...APP_ROUTES.filter((r) => !isPrivate(r)), '/dashboard'].map(concrete);
    const report = await sweep(page, paths);
    expect(report).toEqual({});
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('empty states: a new family and a new caregiver without a profile', async () => {
    const stamp = Date.now();
    const people = [
      {
        userType: 'family',
        paths: ['/dashboard', '/bookings', '/messages', '/profile', '/settings', '/support'],
      },
      {
        userType: 'caregiver',
        paths: [
          '/caregiver-dashboard',
          '/bookings',
          '/messages',
          '/earnings',
          '/profile',
          '/caregiver-onboarding',
          '/background-check',
          '/availability',
          '/payment-settings',
        ],
      },
    ];
    const report: Record<string, Record<string, string[]>> = {};
    for (const person of people) {
      const { context, page, errors } = await newPage(browser, server.url, {
        viewport: { width: 1280, height: 800 },
      });
      const email = `a11y-${person.userType}-${stamp}@example.test`;
      const signup = await context.request.post('/api/auth/signup', {
        headers: { 'X-Requested-With': 'fetch' },
        data: {
          userType: person.userType,
          firstName: 'Empty',
          lastName: 'State',
          email,
          location: 'Mandeville',
          password: NEW_PASSWORD,
        },
      });
      expect(signup.status(), await signup.text()).toBe(201);
      await signIn(context, email, NEW_PASSWORD);
      const found = await sweep(page, person.paths);
      if (Object.keys(found).length) report[person.userType] = found;
      expect(errors, person.userType).toEqual([]);
      await context.close();
    }
    expect(report).toEqual({});
  }, 300_000);
});
