import { describe, it } from 'vitest';
import { sweepEveryRouteAs, useA11yServer } from './support/a11y';

/** Issue 8 §6: axe on every app route signed in as the demo family (one file per role: they run in parallel). */
describe('axe on every route: family', () => {
  useA11yServer();
  it('family: every app route has no WCAG 2.1 A/AA violations', () => sweepEveryRouteAs('family'), 300_000);
});
