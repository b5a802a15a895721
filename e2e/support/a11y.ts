import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { APP_ROUTES, PRIVATE_PAGES } from '../../src/shared/routes';
import { axeViolations, launchBrowser, newPage } from './browser';
import { startServer, type TestServer } from './server';

/**
 * Shared by the e2e/a11y-*.test.ts files and e2e/no-horizontal-scroll.test.ts. Each role's sweep opens every
 * route once and checks two things on it: issue 15, the page does not scroll sideways on a 360 px phone
 * (document.documentElement.scrollWidth <= 360, no tolerance), and issue 8 §6, axe finds no WCAG 2.1 A/AA
 * violation (at 1280 px for the signed-in roles, at 360 px for the visitor). Split in several files so the
 * browser tests can run two files at once; each file starts its own server.
 */

export const DEMO_PASSWORD = 'YaadCare2025!';
export const NEW_PASSWORD = 'Blue-Mountain-Coffee-42';
export const ROLES = [
  { role: 'family', email: 'family@yaadcare.jm' },
  { role: 'caregiver', email: 'caregiver@yaadcare.jm' },
  { role: 'admin', email: 'admin@yaadcare.jm' },
] as const;

export const a11y = {} as { server: TestServer; browser: Browser };
type Ids = { caregiverId: number; caregiverUserId: number };
/**
 * Real ids for the routes with parameters: the best rated listed caregiver and the user behind them (`ids`,
 * every check), and the demo caregiver (`own`: the scroll check only, see `visitsFor`).
 */
let ids: Ids;
let own: Ids;

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
    const context = await browser.newContext({ baseURL: server.url });
    await signIn(context, 'caregiver@yaadcare.jm', DEMO_PASSWORD);
    const me = (await (await context.request.get('/api/caregivers/me')).json()) as {
      id: number;
      userId: number;
    };
    own = { caregiverId: me.id, caregiverUserId: me.userId };
    await context.close();
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
export function concreteFor(route: string, known: Ids): string {
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
  return settled(page);
}

/** Waits until nothing on the page is loading and main has a heading; false after 15 s. */
export function settled(page: Page): Promise<boolean> {
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

/** The phone every page must fit (issue 15), and the desktop the signed-in roles' axe runs at. */
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** The page's width, and the elements sticking out past the right edge of the phone (to say what to fix). */
export function measure(page: Page) {
  return page.evaluate((width) => {
    const wide: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      // Report the outermost offender only: its children stick out because it does. Not so for an
      // absolutely positioned child (an sr-only label in a table cell): it escapes the clipping of a
      // scroll box that is not its containing block, and can widen the page on its own.
      const parent = el.parentElement?.getBoundingClientRect();
      const escapes = ['absolute', 'fixed'].includes(getComputedStyle(el).position);
      if (parent && parent.right > width + 0.5 && !escapes) continue;
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 4).join('.')}`;
      wide.push(`${name} → ${Math.round(box.right)} px`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, wide: wide.slice(0, 5) };
  }, PHONE.width);
}

/** A page to open, and whether axe runs on it. */
interface Visit {
  path: string;
  axe: boolean;
}

/**
 * Opens each path fresh and checks it; one entry per failing page, each line naming its check.
 * - `scroll`: the page is opened at 360 px and must not scroll sideways.
 * - axe where the visit says, at `axeAt` when given (the viewport changes once the page is measured, and
 *   goes back to 360 px before the next path), otherwise at the page's viewport as it is.
 */
async function check(
  page: Page,
  visits: Visit[],
  { scroll, axeAt }: { scroll: boolean; axeAt?: typeof DESKTOP },
) {
  const report: Record<string, string[]> = {};
  for (const { path, axe } of visits) {
    if (scroll && page.viewportSize()?.width !== PHONE.width) await page.setViewportSize(PHONE);
    const problems: string[] = [];
    // A page that never shows a heading would pass both checks while broken: that counts as a failure too.
    if (!(await settle(page, path)))
      problems.push('did not settle: no heading in main, or still loading after 15 s');
    if (scroll) {
      const { scrollWidth, wide } = await measure(page);
      if (scrollWidth > PHONE.width) {
        problems.push(`scrolls sideways at 360 px: scrollWidth ${scrollWidth}: ${wide.join('; ')}`);
      }
    }
    if (axe) {
      if (axeAt && page.viewportSize()?.width !== axeAt.width) {
        await page.setViewportSize(axeAt);
        // Two frames: the new width has been laid out and painted before axe measures contrast and targets.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
      }
      const width = page.viewportSize()?.width;
      for (const violation of await axeViolations(page)) problems.push(`axe at ${width} px: ${violation}`);
    }
    if (problems.length) report[`${path} (shown: ${new URL(page.url()).pathname})`] = problems;
  }
  return report;
}

/** Runs axe on each path at the page's viewport (no scroll check): a report of the failing paths. */
export function sweep(page: Page, paths: string[]) {
  return check(
    page,
    paths.map((path) => ({ path, axe: true })),
    { scroll: false },
  );
}

/**
 * The pages a role's sweep opens: every route of APP_ROUTES, axe where `axe` says. The routes with a
 * parameter are opened a second time, for the scroll check only, with the demo caregiver's own ids (its own
 * profile, a chat with it, and the booking, circle, series and care request with its id): the pages the
 * 360 px check opened before it joined the axe sweeps.
 */
function visitsFor(axe: (route: string) => boolean): Visit[] {
  const visits = APP_ROUTES.map((route) => ({ path: concrete(route), axe: axe(route) }));
  for (const route of APP_ROUTES.filter((r) => r.includes(':'))) {
    const path = concreteFor(route, own);
    if (!visits.some((v) => v.path === path)) visits.push({ path, axe: false });
  }
  return visits;
}

/**
 * Pages whose content is the same for every role (only the header differs, and every other page checks
 * the header): the family's sweep and the visitor's run axe on them; the caregiver's and admin's only check
 * that they fit 360 px, to keep the browser suite's time down.
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

/**
 * Signs in as a demo role and opens every path of APP_ROUTES at 360 px (no sideways scrolling), then runs
 * axe on it at 1280 px (the caregiver and admin skip axe on the ROLE_INDEPENDENT pages).
 */
export async function sweepEveryRouteAs(role: (typeof ROLES)[number]['role']) {
  const { email } = ROLES.find((r) => r.role === role) ?? ROLES[0];
  const { context, page, errors } = await newPage(a11y.browser, a11y.server.url, { viewport: PHONE });
  await signIn(context, email, DEMO_PASSWORD);
  const axe = (route: string) => role === 'family' || !ROLE_INDEPENDENT.includes(route);
  const report = await check(page, visitsFor(axe), { scroll: true, axeAt: DESKTOP });
  expect(report).toEqual({});
  expect(errors).toEqual([]);
  await context.close();
}

/**
 * As a visitor on a 360 px phone: every route fits 360 px, and axe (at 360 px) on every public route and on
 * one guarded route (/dashboard; every guarded route shows the log-in page to a visitor).
 */
export async function sweepEveryRouteAsVisitor() {
  const { context, page, errors } = await newPage(a11y.browser, a11y.server.url, {
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const axe = (route: string) =>
    route === '/dashboard' || !(PRIVATE_PAGES as readonly string[]).includes(route);
  const report = await check(page, visitsFor(axe), { scroll: true });
  expect(report).toEqual({});
  expect(errors).toEqual([]);
  await context.close();
}
