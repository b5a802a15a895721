import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './support/a11y';
import { logIn } from './support/auth';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { saveTestCard } from './support/payments';
import { startServer, type TestServer } from './support/server';

/**
 * Receipts (issue 34, ADR 0055): the demo family pays (a tip on a saved sandbox card, on the visit that ended
 * two days ago) on a 360 px phone, finds its receipt on /receipts, opens it and downloads the PDF. Axe finds
 * nothing on the list or the receipt, and neither scrolls sideways.
 */
let server: TestServer;
let browser: Browser;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  for (const close of closers) await close();
  await browser?.close();
  await server?.stop();
});

describe('receipts', () => {
  it('a family pays, opens the receipt and downloads its PDF (360 px)', async () => {
    const p = await newPage(browser, server.url, {
      viewport: { width: 360, height: 800 },
      acceptDownloads: true,
    });
    closers.push(() => p.context.close());
    const page = p.page;
    await logIn(page, 'family@yaadcare.jm', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/login');

    // Pay: a saved sandbox card through the hosted fields, then a tip on a completed visit.
    await saveTestCard(page);
    await page.goto('/bookings?tab=past');
    await page.getByRole('tab', { name: /^Past/ }).click();
    const tipButton = page
      .getByTestId(/^booking-\d+$/)
      .filter({ hasText: 'Shanique' })
      .getByRole('button', { name: 'Add a tip' })
      .first();
    await tipButton.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Card to charge').waitFor();
    await dialog.getByLabel('J$ 1,000').check();
    await dialog.getByRole('button', { name: 'Tip J$ 1,000' }).click();
    await waitForToast(page, 'Thank you!');

    // The receipt: listed, opened, printable, downloadable.
    await page.goto('/payment-settings');
    await page.getByRole('link', { name: 'See your receipts' }).click();
    await page.getByRole('heading', { name: 'Receipts', level: 1 }).waitFor();
    const link = page.getByRole('link', { name: /Tip: J\$ 1,000\.00/ });
    await link.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await link.click();
    await page.getByRole('heading', { name: 'Tip: J$ 1,000.00' }).waitFor();
    await page.getByText('Visa ending 4242').waitFor();
    const number =
      (await page
        .getByText(/^YC-T-\d{6,}$/)
        .first()
        .textContent()) ?? '';
    expect(number).toMatch(/^YC-T-\d{6,}$/);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`yaadcare-receipt-${number}.pdf`);
    // The browser is shared and connected to (ADR 0056): the file is streamed here, not read in place.
    const path = join(await mkdtemp(join(tmpdir(), 'yc-receipt-')), download.suggestedFilename());
    await download.saveAs(path);
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });
});
