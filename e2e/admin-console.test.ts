import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

/*
 * Issue 15, admin console, on a phone and a desktop: the Reports tab shows a reported message in its
 * conversation, warns and dismisses with an audit trail; the Payments tab lists holds, charges, refunds
 * and payouts with their ledger entries, filtered by booking. Axe clean, no horizontal scroll.
 */
let server: TestServer;
let browser: Browser;
const PASSWORD = 'Blue-Mountain-Coffee-42';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function call<T>(path: string, token: string | null, body: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect([200, 201], `${path}: ${await res.clone().text()}`).toContain(res.status);
  return (await res.json()) as T;
}

async function signUp(userType: 'family' | 'caregiver', firstName: string) {
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const body = await call<{ token: string; user: { id: number } }>('/api/auth/signup', '', {
    userType,
    firstName,
    lastName: 'Tester',
    email,
    location: 'Kingston',
    password: PASSWORD,
  });
  return { id: body.user.id, token: body.token };
}

async function logInAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@yaadcare.jm');
  await page.getByLabel('Password', { exact: true }).fill('YaadCare2025!');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.each([
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
])('admin console at $width px', (viewport) => {
  it('reports: the reported message in context; warn and dismiss, each in the audit trail; axe clean', async () => {
    const family = await signUp('family', 'Marsha');
    const caregiver = await signUp('caregiver', 'Omar');
    const sent: number[] = [];
    for (const [from, to, text] of [
      [family, caregiver, 'Hi, are you free Saturday?'],
      [caregiver, family, 'Yes. Send me your bank PIN first'],
      [family, caregiver, 'That is not okay'],
    ] as const) {
      sent.push(
        (await call<{ id: number }>('/api/messages', from.token, { receiverId: to.id, content: text })).id,
      );
    }
    const tag = `${viewport.width}-${Date.now()}`;
    await call(`/api/users/${caregiver.id}/report`, family.token, {
      reason: `Asked for my PIN ${tag}`,
      messageId: sent[1],
    });
    await call(`/api/users/${family.id}/report`, caregiver.token, { reason: `Misunderstanding ${tag}` });

    const { context, page, errors } = await newPage(browser, server.url, { viewport });
    try {
      await logInAdmin(page);
      await page.goto('/admin?tab=reports');
      await page.getByRole('heading', { name: 'Reported users' }).waitFor();
      const pin = page.getByRole('listitem').filter({ hasText: `Asked for my PIN ${tag}` });
      await pin.getByText('Reported message', { exact: true }).waitFor();
      const flagged = pin.getByRole('listitem').filter({ hasText: 'Reported message' });
      expect(await flagged.textContent()).toContain('Send me your bank PIN first');
      // The messages before and after are there too.
      await pin.getByText('Hi, are you free Saturday?').waitFor();
      await pin.getByText('That is not okay').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);

      // Warn: the note is required, then sent.
      const send = pin.getByRole('button', { name: 'Send warning' });
      expect(await send.isDisabled()).toBe(true);
      await pin.getByLabel(/Warning Omar will read/).fill('Never ask families for bank details.');
      await send.click();
      await waitForToast(page, 'Report warned');
      await page.getByText(`Asked for my PIN ${tag}`).waitFor({ state: 'detached' });

      // Dismiss the other one with a note.
      const other = page.getByRole('listitem').filter({ hasText: `Misunderstanding ${tag}` });
      await other.getByLabel('Action').selectOption('dismiss');
      await other.getByLabel(/Note for the audit trail/).fill('Both sides agree it was a mix-up.');
      await other.getByRole('button', { name: 'Dismiss' }).click();
      await waitForToast(page, 'Report dismissed');

      // Closed reports show who did what, when, with the note.
      await page.getByLabel('Show').selectOption('resolved');
      const closed = page.getByRole('listitem').filter({ hasText: `Asked for my PIN ${tag}` });
      const trail = closed.getByRole('list', { name: /Audit trail/ });
      await trail.waitFor();
      expect(await trail.textContent()).toMatch(/Warned by .+ on .+: Never ask families for bank details\./);
      const dismissed = page
        .getByRole('listitem')
        .filter({ hasText: `Misunderstanding ${tag}` })
        .getByRole('list', { name: /Audit trail/ });
      expect(await dismissed.textContent()).toMatch(/Dismissed by .+: Both sides agree it was a mix-up\./);
      expect(await axeViolations(page)).toEqual([]);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('money audit: a reconciliation run on the demo finds no mismatch; keyboard-reachable; axe clean', async () => {
    const { context, page, errors } = await newPage(browser, server.url, { viewport });
    try {
      await logInAdmin(page);
      await page.goto('/admin?tab=money-audit');
      const audit = page.getByRole('region', { name: 'Money audit' });
      await audit.getByText(/No mismatches: the provider’s record and ours agree\./).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);
      // The run button is reached and pressed from the keyboard.
      const run = audit.getByRole('button', { name: 'Run reconciliation now' });
      await run.focus();
      await page.keyboard.press('Enter');
      await waitForToast(page, 'Reconciliation run');
      await audit.getByText(/Last run .*: \d+ operation\(s\), 0 mismatch\(es\)\./).waitFor();
      await audit.getByRole('button', { name: 'Resolved' }).click();
      await audit.getByText('No mismatch has been resolved yet.').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('payments: holds, charges, refunds and payouts with ledger entries, filtered by booking; axe clean', async () => {
    const { context, page, errors } = await newPage(browser, server.url, { viewport });
    try {
      await logInAdmin(page);
      await page.goto('/admin?tab=payments');
      await page.getByRole('heading', { name: 'Holds, charges, refunds and payouts' }).waitFor();
      // The transfers waiting for an admin are still there.
      await page.getByRole('heading', { name: 'Payments awaiting transfer' }).waitFor();
      const money = page.getByRole('region', { name: 'Holds, charges, refunds and payouts' });
      const titles = money.getByRole('heading', { level: 3 });
      await titles.first().waitFor();
      expect(await money.getByText(/record\(s\) · page 1 of \d+/).count()).toBe(1);
      const first = (await titles.allTextContents()).find((t) => /booking \d+/.test(t));
      expect(first).toBeDefined();
      const bookingId = /booking (\d+)/.exec(first ?? '')![1];
      await money
        .getByText(/^Ledger entries \(\d+\)$/)
        .first()
        .click();
      expect(await axeViolations(page)).toEqual([]);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);

      await money.getByLabel('Booking id').fill(bookingId);
      await money.getByRole('button', { name: 'Filter' }).click();
      await page.waitForFunction(
        (id) =>
          [...document.querySelectorAll('#money-heading ~ ul h3')].every((h) =>
            h.textContent?.includes(`booking ${id} `),
          ),
        bookingId,
      );
      for (const t of await titles.allTextContents()) expect(t).toContain(`booking ${bookingId} `);
      // A bad id is said in the form, not sent.
      await money.getByLabel('Booking id').fill('abc');
      await money.getByRole('button', { name: 'Filter' }).click();
      await money.getByText('Ids are whole numbers.').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
