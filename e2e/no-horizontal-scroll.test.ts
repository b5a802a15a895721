import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../src/shared/routes';
import { concreteFor, DEMO_PASSWORD, ROLES, settle, signIn } from './support/a11y';
import { launchBrowser, newPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 15: no page scrolls sideways on a 360 px phone. Every route of APP_ROUTES, as a visitor and as each
 * demo role, must have document.documentElement.scrollWidth <= 360 (no tolerance).
 */
const WIDTH = 360;

const env = {} as { server: TestServer; browser: Browser; caregiverId: number; caregiverUserId: number };

/** The page's width, and the elements sticking out past the right edge (to say what to fix). */
function measure(page: Page) {
  return page.evaluate((width) => {
    const wide: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      // Report the outermost offender only: its children stick out because it does.
      const parent = el.parentElement?.getBoundingClientRect();
      if (parent && parent.right > width + 0.5) continue;
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 4).join('.')}`;
      wide.push(`${name} → ${Math.round(box.right)} px`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, wide: wide.slice(0, 5) };
  }, WIDTH);
}

async function sweepAt360(role: 'visitor' | (typeof ROLES)[number]['role']) {
  const { context, page, errors } = await newPage(env.browser, env.server.url, {
    viewport: { width: WIDTH, height: 740 },
  });
  const account = ROLES.find((r) => r.role === role);
  if (account) await signIn(context, account.email, DEMO_PASSWORD);
  const report: Record<string, string> = {};
  for (const path of APP_ROUTES.map((route) => concreteFor(route, env))) {
    const settled = await settle(page, path);
    const { scrollWidth, wide } = await measure(page);
    if (!settled) report[path] = 'did not settle';
    else if (scrollWidth > WIDTH) report[path] = `scrollWidth ${scrollWidth}: ${wide.join('; ')}`;
  }
  expect(report).toEqual({});
  expect(errors).toEqual([]);
  await context.close();
}

describe('no horizontal scrolling at 360 px', () => {
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([startServer(), launchBrowser()]);
    const { context } = await newPage(env.browser, env.server.url);
    await signIn(context, 'caregiver@yaadcare.jm', DEMO_PASSWORD);
    const me = (await (await context.request.get('/api/caregivers/me')).json()) as {
      id: number;
      userId: number;
    };
    env.caregiverId = me.id;
    env.caregiverUserId = me.userId;
    await context.close();
  }, 120_000);

  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  for (const role of ['visitor', 'family', 'caregiver', 'admin'] as const) {
    it(`${role}: every app route fits 360 px`, () => sweepAt360(role), 300_000);
  }

  it('an open conversation on /messages and every admin tab fit 360 px', async () => {
    for (const role of ['family', 'admin'] as const) {
      const { context, page } = await newPage(env.browser, env.server.url, {
        viewport: { width: WIDTH, height: 740 },
      });
      await signIn(context, ROLES.find((r) => r.role === role)!.email, DEMO_PASSWORD);
      if (role === 'family') {
        await settle(page, '/messages');
        await page.locator('main a[href^="/messages?with="]').first().click();
        await page.waitForURL(/\/messages\?with=/);
        await page.getByRole('main').getByRole('textbox').first().waitFor();
        const { scrollWidth, wide } = await measure(page);
        expect(`/messages?with= ${scrollWidth} ${wide.join('; ')}`).toBe(
          `/messages?with= ${Math.min(scrollWidth, WIDTH)} ${wide.join('; ')}`,
        );
      } else {
        await settle(page, '/admin');
        const tabs = page.getByRole('tab');
        const count = await tabs.count();
        expect(count).toBeGreaterThan(1);
        for (let i = 0; i < count; i++) {
          await tabs.nth(i).click();
          const { scrollWidth, wide } = await measure(page);
          const tab = await tabs.nth(i).textContent();
          expect(`${tab} ${scrollWidth} ${wide.join('; ')}`).toBe(
            `${tab} ${Math.min(scrollWidth, WIDTH)} ${wide.join('; ')}`,
          );
          // The tab bar itself fits: no tab is cut off behind the edge.
          const right = await tabs.nth(i).evaluate((el) => el.getBoundingClientRect().right);
          expect(right, `${tab} tab`).toBeLessThanOrEqual(WIDTH);
        }
      }
      await context.close();
    }
  }, 120_000);
});
