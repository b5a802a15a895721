import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../src/shared/routes';
import { a11y, concrete, DEMO_PASSWORD, ROLES, signIn, sweep, useA11yServer } from './support/a11y';
import { newPage } from './support/browser';

/** Issue 8 §6: axe on every app route signed in as the demo family. */
describe('axe on every route: family', () => {
  useA11yServer();

  it.each(ROLES.filter((r) => r.role === 'family'))(
    '$role: every app route has no WCAG 2.1 A/AA violations',
    async ({ email }) => {
      const { context, page, errors } = await newPage(a11y.browser, a11y.server.url, {
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
});
