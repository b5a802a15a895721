import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each browser test file took (Vitest's per-file time: server and browser start, tests, stop): the
 * mean of two runs of the whole suite on the shared 2-core machine with TEST_DATABASE_URL set, as CI runs it
 * (`npm run build && time npx vitest run --config vitest.e2e.config.ts --no-cache`, 2026-11-24), one before
 * the seeded DATA_DIR copies and one after (ADR 0021). Other work on the machine moved single files by up to
 * half their time between the two, so only the order is meant; re-measure when a file grows or moves a lot.
 */
export const MEASURED_SECONDS: Record<string, number> = {
  // The 360 px scroll sweeps moved into the a11y files (same page load as axe), 2026-11-25: one whole-suite
  // run, as above, on a busier machine (load 10 to 12; the suite took 939 s). In a run of these five files
  // alone just before the change, under the same load, they took 149, 176, 123, 88 and 154 s (the last one
  // no-horizontal-scroll, then 98 above); after it, 128 to 150, 118 to 142, 110 to 121, 105 to 126 and 14 to 17.
  'e2e/a11y-family.test.ts': 166,
  'e2e/a11y-admin.test.ts': 158,
  'e2e/a11y-caregiver.test.ts': 141,
  'e2e/a11y-visitor-empty.test.ts': 131,
  'e2e/no-horizontal-scroll.test.ts': 18,
  'e2e/public-pages.test.ts': 81,
  'e2e/discovery.test.ts': 79,
  'e2e/reviews-badges.e2e.test.ts': 65,
  'e2e/caregiver-verification.test.ts': 65,
  'e2e/auth-sessions.test.ts': 65,
  'e2e/booking-payment.e2e.test.ts': 64,
  'e2e/admin-console.test.ts': 63,
  'e2e/onboarding-draft-verification.test.ts': 62,
  'e2e/trust-signals.test.ts': 62,
  'e2e/first-time-journeys.test.ts': 47,
  'e2e/pa11y.test.ts': 46,
  'e2e/messaging.test.ts': 46,
  'e2e/auth-passwords.test.ts': 44,
  'e2e/graceful-shutdown.test.ts': 40,
  'e2e/support.test.ts': 34,
  'e2e/caregiver-kinds.test.ts': 31,
  // Measured alone (40 s wall, 2026-11-24), not in a whole-suite run like the others.
  'e2e/circle-booking.test.ts': 40,
  // Measured alone (19 s wall, 2026-11-24).
  'e2e/circle-statement.test.ts': 19,
  // Measured alone on a busy machine (load 15+; 51 s for the file, 28 s of it the journey), 2026-11-24.
  'e2e/visit-offline.test.ts': 45,
  // Measured alone (30 s in Vitest, 2026-11-24).
  'e2e/emergency.test.ts': 30,
  'e2e/two-instances.test.ts': 13,
  // Measured alone (24 s, 2026-11-24).
  'e2e/saved-cards.test.ts': 24,
  // Measured alone (12 s in Vitest, 2026-11-24).
  'e2e/plans.test.ts': 12,
  // Measured alone (23 s, 2026-11-24).
  'e2e/care-requests.test.ts': 23,
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
