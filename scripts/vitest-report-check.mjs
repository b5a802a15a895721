// Fails (exit 1) when Vitest's JSON report holds a failed test or file, whatever Vitest's own exit code was.
// A whole run on Node 26 once ended 0 after "1 failed" (2026-11-28); CI must never go on past a failing test.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (err) {
  console.error(`No readable Vitest report at ${file}: ${err.message}`);
  process.exit(1);
}
const failed = (report.testResults ?? []).filter((f) => f.status === 'failed').map((f) => f.name);
if (
  report.numFailedTests > 0 ||
  report.numFailedTestSuites > 0 ||
  report.success === false ||
  failed.length > 0
) {
  console.error(
    `Vitest report ${file}: ${report.numFailedTests} failed test(s) in ${failed.length} file(s):`,
  );
  for (const name of failed) console.error(`  ${name}`);
  process.exit(1);
}
console.log(
  `Vitest report ${file}: ${report.numPassedTests} passed, ${report.numPendingTests} skipped, none failed.`,
);
