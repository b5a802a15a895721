import { describe, expect, it } from 'vitest';
import { a11y, NEW_PASSWORD, signIn, sweep, sweepEveryRouteAsVisitor, useA11yServer } from './support/a11y';
import { newPage } from './support/browser';

/**
 * Issues 8 §6 and 15 as a visitor on a 360 px phone: every app route fits it without scrolling sideways, and axe
 * finds no WCAG 2.1 A/AA violation on every public route and on a guarded one. Then axe (at 1280 px) on the
 * empty states of a new family and a new caregiver.
 */
describe('every route as a visitor (360 px scroll and axe), and empty states (axe)', () => {
  useA11yServer();

  it(
    'a visitor at 360 px: every app route fits it; every public route, and a guarded one (it shows the log-in page), has no WCAG 2.1 A/AA violations',
    () => sweepEveryRouteAsVisitor(),
    600_000,
  );

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
  }, 600_000);
});
