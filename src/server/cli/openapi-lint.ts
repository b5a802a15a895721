/**
 * npm run lint:openapi [-- --out FILE]
 *
 * Builds the app on an in-memory database, writes its OpenAPI document (what GET /api/openapi.json answers)
 * to a temporary file (or FILE), and lints it with Redocly's recommended ruleset (redocly.yaml at the
 * repository's root: nothing turned off). Fails on any error or warning (ADR 0019).
 *
 * Exit codes: 0 clean, 1 problems found (listed) or the linter could not run, 2 bad arguments.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { PROJECT_ROOT } from '../paths';

const REDOCLY = join(PROJECT_ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

/** The document the app serves, built without a server or a data directory. */
async function buildOpenApiDocument(): Promise<unknown> {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const database = await openDatabase({ kind: 'pglite-memory' });
  const app = await buildApp({ env, database, logger: false, webRenderer: null });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
  }
}

interface LintTotals {
  errors: number;
  warnings: number;
  ignored: number;
}

function redocly(args: string[]) {
  return spawnSync(process.execPath, [REDOCLY, 'lint', ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // No telemetry, no update check: CI reaches only the package registries.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
}

/** Redocly prints a boxed Node 20 deprecation notice on every run: noise, not a finding. */
const withoutBanner = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/[║╔╚]/.test(line))
    .join('\n')
    .trim();

async function main(): Promise<number> {
  let out: string | undefined;
  try {
    ({
      values: { out },
    } = parseArgs({ args: process.argv.slice(2), options: { out: { type: 'string' } }, strict: true }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\nUsage: npm run lint:openapi [-- --out FILE]\n`);
    return 2;
  }
  const dir = mkdtempSync(join(tmpdir(), 'yaadcare-openapi-'));
  try {
    const file = out ? resolve(out) : join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(await buildOpenApiDocument(), null, 2));
    const config = ['--config', join(PROJECT_ROOT, 'redocly.yaml')];
    const json = redocly([file, ...config, '--format', 'json', '--max-problems', '10000']);
    let totals: LintTotals;
    try {
      totals = JSON.parse(json.stdout).totals;
    } catch {
      process.stderr.write(`redocly lint did not run:\n${withoutBanner(json.stderr)}\n${json.stdout}\n`);
      return 1;
    }
    if (totals.errors === 0 && totals.warnings === 0 && totals.ignored === 0) {
      process.stdout.write('OpenAPI document: 0 errors, 0 warnings under Redocly recommended\n');
      return 0;
    }
    // Show the findings the way people read them.
    const shown = redocly([file, ...config, '--format', 'stylish', '--max-problems', '10000']);
    process.stdout.write(`${withoutBanner(`${shown.stdout}\n${shown.stderr}`)}\n`);
    process.stderr.write(
      `OpenAPI document: ${totals.errors} errors, ${totals.warnings} warnings, ${totals.ignored} ignored ` +
        '(none allowed; run with -- --out openapi.json to keep the document)\n',
    );
    return 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`lint:openapi failed: ${(err as Error).stack ?? err}\n`);
    process.exit(1);
  },
);
