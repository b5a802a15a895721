import { describe, it } from 'vitest';
import { sweepEveryRouteAs, useA11yServer } from './support/a11y';

/** Issue 8 §6: axe on every app route signed in as the demo admin (one file per role: they run in parallel). */
describe('axe on every route: admin', () => {
  useA11yServer();
  it(
    'admin: every app route but the role-independent pages (the family sweep has those) has no WCAG 2.1 A/AA violations',
    () => sweepEveryRouteAs('admin'),
    300_000,
  );
});
