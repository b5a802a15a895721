import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { BUILT_SERVER, startServerProcess } from '../../src/server/test/process';
import { CHROMIUM_LAUNCH } from './chromium';

/** Where the run's seeded demo data directory is, and where the test files put their copies of it. */
export interface E2eDemoData {
  /** A DATA_DIR the compiled server seeded with the demo data set in demo mode, then left cleanly. */
  dataDir: string;
  /** The run's directory: each test file's copy goes in it, and the whole of it goes at the end. */
  runDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Unset when the server is not built (startServer then says so) or outside this configuration. */
    e2eDemoData: E2eDemoData | undefined;
    /** The run's Chromium, which launchBrowser() connects to (ADR 0056); unset outside this configuration. */
    e2eBrowserEndpoint: string | undefined;
  }
}

/**
 * Runs once before the browser test files: the compiled server starts once on an empty DATA_DIR in demo
 * mode (migrations, then the demo data set, as `npm start` does on a first start) and stops; every file's
 * server then starts on a copy of that directory instead of seeding its own (ADR 0021). The copies live in
 * one directory per run, removed at the end even when a file did not stop its server.
 */
export default async function setup(project: TestProject) {
  // One Chromium for the run, started while the demo data is seeded; every file connects to it (ADR 0056).
  const [browser, seeded] = await Promise.allSettled([
    chromium.launchServer(CHROMIUM_LAUNCH),
    seedDemoData(project),
  ]);
  if (browser.status === 'rejected' || seeded.status === 'rejected') {
    if (browser.status === 'fulfilled') await browser.value.close();
    if (seeded.status === 'fulfilled') await seeded.value?.();
    throw browser.status === 'rejected' ? browser.reason : (seeded as PromiseRejectedResult).reason;
  }
  const browserServer: BrowserServer = browser.value;
  const teardown = seeded.value;
  project.provide('e2eBrowserEndpoint', browserServer.wsEndpoint());
  return async () => {
    await browserServer.close();
    await teardown?.();
  };
}

async function seedDemoData(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!existsSync(BUILT_SERVER)) {
    // Nothing to seed with: the files that need a server say how to build it; bundle-size builds the web app.
    project.provide('e2eDemoData', undefined);
    return;
  }
  const runDir = await mkdtemp(join(tmpdir(), 'yaadcare-e2e-run-'));
  const dataDir = join(runDir, 'demo');
  try {
    const server = await startServerProcess({ DATA_DIR: dataDir, DEMO_MODE: '1' }, 120_000, { built: true });
    const code = await server.stop();
    if (code !== 0) throw new Error(`the demo data server exited with ${code}:\n${server.output()}`);
    // A clean stop checkpoints the database and releases the DATA_DIR lock: a lock left behind means the
    // server did not stop cleanly, and the files would start on copies of a database that was not closed.
    if ((await readdir(dataDir)).includes('yaadcare.lock')) throw new Error(`${dataDir} is still locked`);
  } catch (err) {
    await rm(runDir, { recursive: true, force: true });
    throw err;
  }
  project.provide('e2eDemoData', { dataDir, runDir });
  return async () => {
    await rm(runDir, { recursive: true, force: true });
  };
}
