import { describe, expect, it } from 'vitest';
import { PARISHES } from '../src/shared/catalog';
import { formatJamaicaInstant } from '../src/shared/emergency-rules';
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

  it('a declared emergency that has not started yet wraps on a Jamaican phone: the page fits 360 px, "until …" in full', async () => {
    // Issue 32: "From Sat, 28 Nov, 3:00 am until Tue, 1 Dec, 6:00 pm (Jamaica time)." did not wrap and made
    // every page 527 px wide until the banner was dismissed.
    const jamaicanPhone = { viewport: PHONE, locale: 'en-JM', timezoneId: 'America/Jamaica' };
    const family = await newPage(a11y.browser, a11y.server.url, jamaicanPhone);
    await signIn(family.context, ROLES.find((r) => r.role === 'family')!.email, DEMO_PASSWORD);
    const me = (await (await family.context.request.get('/api/auth/me')).json()) as { parish: string };
    expect(me.parish).toBeTruthy();

    const admin = await newPage(a11y.browser, a11y.server.url, { viewport: PHONE });
    await signIn(admin.context, ROLES.find((r) => r.role === 'admin')!.email, DEMO_PASSWORD);
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    const endsAt = new Date(startsAt.getTime() + 3 * 86_400_000 + 15 * 3_600_000);
    const message = `Storm surge ${Date.now()}: check with your caregiver before a visit.`;
    const declared = await admin.context.request.post('/api/admin/emergencies', {
      headers: { 'X-Requested-With': 'fetch' },
      data: {
        parishes: [me.parish],
        kind: 'flooding',
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        message,
      },
    });
    expect(declared.status(), await declared.text()).toBe(201);
    await admin.context.close();

    const { page } = family;
    await settle(page, '/');
    const banner = page.getByRole('complementary', { name: 'Emergency notice' });
    const line = banner.locator('p').filter({ hasText: message });
    await line.waitFor();
    const until = `until ${formatJamaicaInstant(endsAt)} (Jamaica time).`;
    expect(await line.textContent()).toContain(`From ${formatJamaicaInstant(startsAt)} ${until}`);
    const { scrollWidth, wide } = await measure(page);
    expect(`/ ${scrollWidth} ${wide.join('; ')}`).toBe(
      `/ ${Math.min(scrollWidth, PHONE.width)} ${wide.join('; ')}`,
    );
    // Every line box of the paragraph, the end time's included, is inside the phone's width.
    const rights = await line.evaluate((p) => {
      const range = document.createRange();
      range.selectNodeContents(p);
      return [...range.getClientRects()].map((r) => r.right);
    });
    expect(rights.length).toBeGreaterThan(1);
    expect(Math.max(...rights)).toBeLessThanOrEqual(PHONE.width);
    await expect(line.isVisible()).resolves.toBe(true);
    await family.context.close();
  }, 120_000);

  it('with an emergency declared in every parish, no role’s home or bookings scroll sideways at 360 px', async () => {
    // Issue 32, done when: "No page scrolls sideways at 360 px as any role, with and without a declared
    // emergency" (without one, the a11y sweeps measure every route as every role).
    const admin = await newPage(a11y.browser, a11y.server.url, { viewport: PHONE });
    await signIn(admin.context, ROLES.find((r) => r.role === 'admin')!.email, DEMO_PASSWORD);
    const startsAt = new Date(Date.now() + 2 * 86_400_000);
    const declared = await admin.context.request.post('/api/admin/emergencies', {
      headers: { 'X-Requested-With': 'fetch' },
      data: {
        parishes: [...PARISHES],
        kind: 'hurricane',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 4 * 86_400_000).toISOString(),
        message: `Hurricane watch ${Date.now()}: every parish, check with your caregiver before a visit.`,
      },
    });
    expect(declared.status(), await declared.text()).toBe(201);
    await admin.context.close();
    const emails = [...ROLES.map((r) => r.email), 'payer@yaadcare.jm', 'coordinator@yaadcare.jm'];
    const found: string[] = [];
    for (const email of emails) {
      const { context, page } = await newPage(a11y.browser, a11y.server.url, {
        viewport: PHONE,
        locale: 'en-JM',
        timezoneId: 'America/Jamaica',
      });
      await signIn(context, email, DEMO_PASSWORD);
      for (const path of ['/', '/dashboard', '/bookings']) {
        await settle(page, path);
        const { scrollWidth, wide } = await measure(page);
        if (scrollWidth > PHONE.width) found.push(`${email} ${path} ${scrollWidth} ${wide.join('; ')}`);
      }
      await context.close();
    }
    expect(found).toEqual([]);
  }, 240_000);
});
