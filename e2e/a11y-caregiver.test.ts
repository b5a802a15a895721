import { describe, it } from 'vitest';
import { sweepEveryRouteAs, useA11yServer } from './support/a11y';

/**
 * Issues 8 §6 and 15, signed in as the demo caregiver (one file per role: they run in parallel): every app route
 * fits a 360 px phone without scrolling sideways, and every one but the role-independent pages (the family
 * sweep has those) has no WCAG 2.1 A/AA violation (axe at 1280 px).
 */
describe('every route, 360 px scroll and axe: caregiver', () => {
  useA11yServer();
  it(
    'caregiver: every app route fits 360 px, and all but the role-independent pages have no WCAG 2.1 A/AA violations',
    () => sweepEveryRouteAs('caregiver'),
    600_000,
  );
});
