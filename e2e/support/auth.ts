import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type TestServer } from './server';

/**
 * Shared by the e2e/auth-*.test.ts files (split by subject; each file starts its own server and
 * browser): the sign-up and log-in forms as a visitor fills them in, and unique addresses.
 */

/** This file's server and browser, set once its beforeAll ran. */
export interface AuthSuite {
  server: TestServer;
  browser: Browser;
}

/** Registers the hooks that start a server and a browser for this file, and stop them after. */
export function startServerAndBrowser(): AuthSuite {
  const suite = {} as AuthSuite;
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

let counter = 0;

export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

export interface Account {
  email: string;
  password: string;
  firstName: string;
}

export async function signUp(page: Page, userType: 'family' | 'caregiver', account: Account) {
  await page.goto('/signup');
  await page.getByText(userType === 'family' ? "I'm looking for care" : "I'm a caregiver").click();
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill('Campbell');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Location').selectOption('Montego Bay');
  await page.getByLabel('Phone (optional)').fill('876-555-1234');
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

export async function pathOf(page: Page) {
  return new URL(page.url()).pathname;
}
