import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's Chromium; never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
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

/** WCAG 2.1 A and AA violations on the page as it is now, as short readable lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map(
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
