import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each browser test file took (Vitest's per-file time: server and browser start, tests, stop) in one
 * clean-clone CI run (`CI=true bash .ci/run` at f4cd03d, 2026-11-28, Node 26, the machine otherwise idle; the
 * browser tests took 607 s on two workers). Only the order is meant: other work on the machine moves single
 * files by up to half their time. Re-measure when a file grows or moves a lot.
 */
export const MEASURED_SECONDS: Record<string, number> = {
  'e2e/a11y-admin.test.ts': 105,
  'e2e/a11y-family.test.ts': 101,
  'e2e/a11y-caregiver.test.ts': 86,
  'e2e/a11y-visitor-empty.test.ts': 77,
  'e2e/public-pages.test.ts': 56,
  'e2e/admin-console.test.ts': 56,
  'e2e/care-circles.test.ts': 48,
  'e2e/discovery.test.ts': 46,
  'e2e/caregiver-verification.test.ts': 45,
  'e2e/booking-payment.e2e.test.ts': 43,
  'e2e/auth-sessions.test.ts': 41,
  'e2e/onboarding-draft-verification.test.ts': 39,
  'e2e/reviews-badges.e2e.test.ts': 38,
  'e2e/trust-signals.test.ts': 34,
  'e2e/first-time-journeys.test.ts': 32,
  'e2e/messaging.test.ts': 32,
  'e2e/circle-booking.test.ts': 29,
  'e2e/booking-series.test.ts': 26,
  'e2e/auth-passwords.test.ts': 26,
  'e2e/pa11y.test.ts': 25,
  'e2e/circle-statement.test.ts': 25,
  'e2e/role-homes.test.ts': 40,
  'e2e/visit-offline.test.ts': 21,
  'e2e/plans.test.ts': 15,
  'e2e/support.test.ts': 14,
  'e2e/graceful-shutdown.test.ts': 14,
  'e2e/caregiver-kinds.test.ts': 13,
  'e2e/saved-cards.test.ts': 13,
  'e2e/emergency.test.ts': 13,
  'e2e/profile-first-load.test.ts': 13,
  'e2e/no-horizontal-scroll.test.ts': 11,
  'e2e/care-requests.test.ts': 11,
  'e2e/two-instances.test.ts': 6,
  'e2e/bundle-size.test.ts': 0,
};

/**
 * The slowest files first, so that the two workers run out of files at about the same time instead of one
 * of them finishing a long file alone at the end. Without earlier results (a clean clone, as in CI) Vitest
 * starts the largest files first, and the a11y files, a few lines that sweep every route, came last and
 * formed the run's tail. A file not in the list keeps Vitest's order and starts before the measured ones:
 * its time is unknown, and a long file started early cannot become the tail (Vitest also runs unknown files
 * first).
 */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seconds = (spec: TestSpecification) =>
      MEASURED_SECONDS[relative(spec.project.config.root, spec.moduleId).split('\\').join('/')];
    const unknown = sorted.filter((spec) => seconds(spec) === undefined);
    const known = sorted
      .filter((spec) => seconds(spec) !== undefined)
      .sort((a, b) => (seconds(b) ?? 0) - (seconds(a) ?? 0));
    return [...unknown, ...known];
  }
}
