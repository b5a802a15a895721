import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { APP_ROUTES } from '../../src/shared/routes';
import { axeViolations, launchBrowser, newPage } from './browser';
import { startServer, type TestServer } from './server';

/**
 * Shared by the e2e/a11y-*.test.ts files (issue 8 §6: every route, for every role, with demo data and
 * empty, has no WCAG 2.1 A/AA violation). Split in several files so the browser tests can run two
 * files at once; each file starts its own server.
 */

export const DEMO_PASSWORD = 'YaadCare2025!';
export const NEW_PASSWORD = 'Blue-Mountain-Coffee-42';
export const ROLES = [
  { role: 'family', email: 'family@yaadcare.jm' },
  { role: 'caregiver', email: 'caregiver@yaadcare.jm' },
  { role: 'admin', email: 'admin@yaadcare.jm' },
] as const;

export const a11y = {} as { server: TestServer; browser: Browser };
/** Real ids for the routes with parameters: a listed caregiver and the user behind them. */
let ids: { caregiverId: number; caregiverUserId: number };

/** Registers the hooks that start a demo server and a browser for this file. */
export function useA11yServer() {
  beforeAll(async () => {
    const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    a11y.server = server;
    a11y.browser = browser;
    const res = await fetch(`${server.url}/api/caregivers/search?sort=rating&limit=1`);
    const [top] = (await res.json()) as { id: number }[];
    const profile = (await (await fetch(`${server.url}/api/caregivers/${top.id}`)).json()) as {
      userId: number;
    };
    ids = { caregiverId: top.id, caregiverUserId: profile.userId };
  });

  afterAll(async () => {
    await a11y.browser?.close();
    await a11y.server?.stop();
  });
}

/** A path of APP_ROUTES with its parameters filled in. */
export function concrete(route: string): string {
  return concreteFor(route, ids);
}

/** A path of APP_ROUTES with its parameters filled in from these ids (a caregiver and the user behind them). */
export function concreteFor(route: string, known: { caregiverId: number; caregiverUserId: number }): string {
  return route
    .replace(':caregiverId', String(known.caregiverId))
    .replace(':id', String(known.caregiverId))
    .replace(':userId', String(known.caregiverUserId))
    .replace(':bookingId', '1')
    .replace(':plan', 'family')
    .replace(':token', 'no-such-invitation-token-0000000000')
    .replace(/^\/reset-password$/, '/reset-password?token=not-a-real-token');
}

/** Opens a path and waits until it has settled: a heading is shown and nothing says it is loading. */
export async function settle(page: Page, path: string): Promise<boolean> {
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

export async function signIn(context: BrowserContext, email: string, password: string) {
  const res = await context.request.post('/api/auth/login', {
    data: { email, password },
    headers: { 'X-Requested-With': 'fetch' },
  });
  expect(res.status(), `login ${email}`).toBe(200);
}

export async function sweep(page: Page, paths: string[]) {
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

/**
 * Pages whose content is the same for every role (only the header differs, and every other page checks
 * the header): the family's sweep and the visitor's check them; the caregiver's and admin's skip them,
 * to keep the browser suite's time down.
 */
const ROLE_INDEPENDENT: readonly string[] = [
  '/how-it-works',
  '/safety-trust',
  '/caregiver-resources',
  '/success-stories',
  '/terms-of-service',
  '/privacy-policy',
  '/terms-of-use',
  '/yaadcare-services',
  '/forgot-password',
  '/reset-password',
];

/** Signs in as a demo role and runs axe on every path of APP_ROUTES (desktop width). */
export async function sweepEveryRouteAs(role: (typeof ROLES)[number]['role']) {
  const { email } = ROLES.find((r) => r.role === role) ?? ROLES[0];
  const { context, page, errors } = await newPage(a11y.browser, a11y.server.url, {
    viewport: { width: 1280, height: 800 },
  });
  await signIn(context, email, DEMO_PASSWORD);
  const routes = role === 'family' ? APP_ROUTES : APP_ROUTES.filter((r) => !ROLE_INDEPENDENT.includes(r));
  const report = await sweep(page, routes.map(concrete));
  expect(report).toEqual({});
  expect(errors).toEqual([]);
  await context.close();
}
