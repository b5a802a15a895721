import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_LAUNCH } from './chromium';

export { CHROMIUM_LAUNCH };

/**
 * A browser for a test file. Within the browser suite (vitest.e2e.config.ts) that is a connection to the one
 * Chromium the run's global set-up started (global-setup.ts): every file used to launch and close a Chromium
 * of its own, about a second of CPU each on two cores (ADR 0056). Files never share a context: each makes
 * its own (newPage), and close() on a connected browser closes this file's contexts and disconnects, leaving
 * the browser to the other files. Outside that suite, or with E2E_SHARED_BROWSER=0, a Chromium of its own.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env.E2E_SHARED_BROWSER === '0' ? undefined : sharedBrowserEndpoint();
  if (shared) return chromium.connect(shared);
  return chromium.launch(CHROMIUM_LAUNCH);
}

function sharedBrowserEndpoint(): string | undefined {
  try {
    return inject('e2eBrowserEndpoint');
  } catch {
    // Not in a Vitest worker of the browser suite.
    return undefined;
  }
}

/** The browser's onboarding record (docs/product.md#records): present means the first-visit tutorial was already seen. */
export const ONBOARDING_KEY = 'yaadcare_onboarding';

/**
 * A fresh browser context and page. Journeys start as returning visitors who have seen the tutorial, so the
 * one shown 2 s into the dashboard after a signup never covers what they test; `firstVisit: true` leaves
 * storage empty to test that.
 *
 * The service worker (ADR 0029) is blocked unless a test asks for it with `serviceWorkers: 'allow'`: every
 * fresh context would otherwise install it and fetch its whole precache while the journey runs, which doubled
 * the browser phase on two cores. The offline visit tests, which are about the worker, allow it.
 */
export async function newPage(
  browser: Browser,
  baseURL: string,
  { firstVisit = false, ...options }: BrowserContextOptions & { firstVisit?: boolean } = {},
) {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', ...options });
  if (!firstVisit) {
    await context.addInitScript((key) => {
      try {
        if (!window.localStorage.getItem(key)) {
          window.localStorage.setItem(
            key,
            JSON.stringify({ hasSeenTutorial: true, userType: 'family', isFirstVisit: false }),
          );
        }
      } catch {
        // Storage blocked on this page (about:blank): nothing to do.
      }
    }, ONBOARDING_KEY);
  }
  const page = await context.newPage();
  // A server-rendered page is on screen before its scripts run (ADR 0008): a journey acts on it once the
  // app has taken over, as a person would on a phone that has caught up.
  for (const method of ['goto', 'reload', 'goBack'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args);
      await page.waitForFunction(
        () => document.documentElement.hasAttribute('data-hydrated') || !document.getElementById('root'),
      );
      return response;
    };
  }
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

/** The WCAG 2.1 A and AA rules every page is held to (issue 8 §6). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's minified build, the same version @axe-core/playwright runs (its own dependency), read once. */
let axeSource: string | undefined;
function axeScript(): string {
  if (!axeSource) {
    const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
    axeSource = readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8');
  }
  return axeSource;
}

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * axe's violations on the page. A page without frames: axe-core injected once per loaded document (a second
 * check on the same page, at another width, reuses it) and `axe.run` on the document, the same rules and
 * result as AxeBuilder's legacy mode. AxeBuilder's default mode injects 1.3 MB of unminified source twice and
 * opens and closes a blank page for `axe.finishRun` on every call, which made axe most of the a11y sweeps'
 * time (ADR 0056). A page with frames (the payment provider's hosted fields) still goes through AxeBuilder,
 * which tests inside each frame. `E2E_AXE=builder` sends every page through AxeBuilder, to compare.
 */
async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (page.frames().length > 1 || process.env.E2E_AXE === 'builder') {
    return (await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations;
  }
  const loaded = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!loaded) await page.evaluate(axeScript());
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> };
    };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    // Only what the report reads crosses back: the nodes' full HTML and check data can be large.
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    })) as AxeViolation[];
  }, AXE_TAGS);
}

/** WCAG 2.1 A and AA violations on the page as it is now, as short readable lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const violations = await runAxe(page);
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * Waits (at most 2 s) for the finite CSS animations and transitions running now, such as a toast or dialog
 * fading in: axe measures contrast on what is painted, and a half-faded text fails it only on a slow machine.
 * Infinite ones (spinners) are left alone.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY));
    const done = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}

/** Waits for a toast with this text in Radix's notification region. */
export async function waitForToast(page: Page, text: string | RegExp) {
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text)
    .first()
    .waitFor({ state: 'visible' });
}

/** Axe at 390 px (and no sideways scroll there), then at 1280 px; the page is left at 390 px. */
export async function checkBothWidths(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
}
