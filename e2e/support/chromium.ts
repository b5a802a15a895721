import type { LaunchOptions } from 'playwright-core';

/**
 * How the browser suite starts Debian's Chromium (never a downloaded browser): the run's shared one
 * (global-setup.ts) and a file's own (launchBrowser with E2E_SHARED_BROWSER=0, or outside the suite).
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
} satisfies LaunchOptions;
