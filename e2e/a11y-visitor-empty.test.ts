import { describe, expect, it } from 'vitest';
import { APP_ROUTES, PRIVATE_PAGES } from '../src/shared/routes';
import { a11y, concrete, NEW_PASSWORD, signIn, sweep, useA11yServer } from './support/a11y';
import { newPage } from './support/browser';

/** Issue 8 §6: axe on every public route as a visitor at 360 px, and on the empty states of new users. */
describe('axe on every route: visitor and empty states', () => {
  useA11yServer();

  it('a visitor: every public route, and a guarded one (it shows the log-in page), at 360 px', async () => {
    const { context, page, errors } = await newPage(a11y.browser, a11y.server.url, {
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
      const { context, page, errors } = await newPage(a11y.browser, a11y.server.url, {
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
