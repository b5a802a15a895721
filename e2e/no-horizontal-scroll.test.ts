import { describe, expect, it } from 'vitest';
import {
  a11y,
  DEMO_PASSWORD,
  measure,
  PHONE,
  ROLES,
  settle,
  settled,
  signIn,
  useA11yServer,
} from './support/a11y';
import { newPage } from './support/browser';

/**
 * Issue 15: no page scrolls sideways on a 360 px phone. Every route of APP_ROUTES, as a visitor and as each
 * demo role, is checked by the a11y sweeps (e2e/a11y-*.test.ts, the same page load as axe); this file checks
 * what only appears after a click: an open conversation on /messages, and every tab of /admin (and that no
 * tab is cut off behind the edge).
 */
describe('no horizontal scrolling at 360 px', () => {
  useA11yServer();

  it('an open conversation on /messages and every admin tab fit 360 px', async () => {
    for (const role of ['family', 'admin'] as const) {
      const { context, page } = await newPage(a11y.browser, a11y.server.url, { viewport: PHONE });
      await signIn(context, ROLES.find((r) => r.role === role)!.email, DEMO_PASSWORD);
      if (role === 'family') {
        await settle(page, '/messages');
        await page.locator('main a[href^="/messages?with="]').first().click();
        await page.waitForURL(/\/messages\?with=/);
        await page.getByRole('main').getByRole('textbox').first().waitFor();
        const { scrollWidth, wide } = await measure(page);
        expect(`/messages?with= ${scrollWidth} ${wide.join('; ')}`).toBe(
          `/messages?with= ${Math.min(scrollWidth, PHONE.width)} ${wide.join('; ')}`,
        );
      } else {
        // The delivery log must have rows for its table to be measured: a parish emergency tells everyone with a
        // booking in its window at once (otherwise the log fills only when the reminders job first runs, a minute after start).
        const now = Date.now();
        const declared = await context.request.post('/api/admin/emergencies', {
          headers: { 'X-Requested-With': 'fetch' },
          data: {
            parishes: ['Kingston', 'St. Andrew', 'St. Catherine', 'Clarendon', 'Manchester', 'St. James'],
            kind: 'flooding',
            startsAt: new Date(now).toISOString(),
            endsAt: new Date(now + 7 * 86_400_000).toISOString(),
            message: 'Flooding on the Palisadoes road: please check with your caregiver before a visit.',
          },
        });
        expect(declared.status(), await declared.text()).toBe(201);
        const log = await context.request.get('/api/admin/deliveries');
        expect(((await log.json()) as { total: number }).total).toBeGreaterThan(0);
        await settle(page, '/admin');
        const tabs = page.getByRole('tab');
        const count = await tabs.count();
        expect(count).toBeGreaterThan(1);
        for (let i = 0; i < count; i++) {
          await tabs.nth(i).click();
          // Measured once the tab's content has loaded: a table is wider than its spinner.
          expect(await settled(page), `tab ${i} settles`).toBe(true);
          const { scrollWidth, wide } = await measure(page);
          const tab = await tabs.nth(i).textContent();
          expect(`${tab} ${scrollWidth} ${wide.join('; ')}`).toBe(
            `${tab} ${Math.min(scrollWidth, PHONE.width)} ${wide.join('; ')}`,
          );
          // The tab bar itself fits: no tab is cut off behind the edge.
          const right = await tabs.nth(i).evaluate((el) => el.getBoundingClientRect().right);
          expect(right, `${tab} tab`).toBeLessThanOrEqual(PHONE.width);
        }
      }
      await context.close();
    }
  }, 120_000);
});
