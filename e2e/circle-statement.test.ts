import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../src/shared/contracts/bookings';
import type { FxRateList } from '../src/shared/contracts/fx-rates';
import type { StatementView } from '../src/shared/contracts/statements';
import { estimateInCurrency } from '../src/shared/fx';
import { formatMemberTimeRange } from '../src/shared/member-time';
import { toCents } from '../src/shared/money';
import { jamaicaMonth, previousMonth } from '../src/shared/time';
import { DEMO_PASSWORD, signIn } from './support/a11y';
import { checkBothWidths, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 18, part 3c, in the browser: the demo circle's payer, Simone in Toronto reading Canadian dollars,
 * sees the booking awaiting her approval with the Toronto time beside Jamaica's and a CAD estimate of the
 * JMD charge, approves it, reads the circle's statement for the month of its visits and downloads the CSV,
 * then moves to London and pounds in settings and reads her bookings that way. Every page at 390 px (no
 * sideways scrolling) and 1280 px with axe.
 */

const PAYER = 'payer@yaadcare.jm';

let server: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];
const env = {} as { waiting: BookingView; visitMonth: string; latestMonth: string; rates: FxRateList };

async function api<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const rate = (currency: string) => {
  const r = env.rates.rates.find((x) => x.currency === currency);
  if (!r) throw new Error(`no demo rate for ${currency}`);
  return r;
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: PAYER, password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { token: string }).token;
  const bookings = await api<BookingView[]>('/api/bookings', token);
  const waiting = bookings.find((b) => b.circle && b.status === 'awaiting_approval');
  const done = bookings.find((b) => b.circle && b.status === 'completed');
  if (!waiting || !done) throw new Error('the demo circle has no booking awaiting approval or completed');
  env.waiting = waiting;
  env.visitMonth = done.date.slice(0, 7);
  env.rates = await api<FxRateList>('/api/fx-rates', token);
  // The latest month (this one or earlier) with counted visits: the one the statement opens on.
  const circleId = waiting.circle?.id;
  let month = jamaicaMonth();
  while (
    (await api<StatementView>(`/api/circles/${circleId}/statement?month=${month}&format=json`, token)).lines
      .length === 0
  ) {
    if (month < env.visitMonth) throw new Error('the demo circle has no month with visits');
    month = previousMonth(month);
  }
  env.latestMonth = month;

  const opened = await newPage(browser, server.url, {
    viewport: { width: 390, height: 844 },
    timezoneId: 'America/Toronto',
  });
  page = opened.page;
  errors = opened.errors;
  await signIn(opened.context, PAYER, DEMO_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the payer abroad: her time, her currency, the statement', () => {
  it('sees the booking awaiting approval in Toronto time beside Jamaica’s, with a CAD estimate, and approves it', async () => {
    const b = env.waiting;
    await page.goto('/bookings');
    const card = page
      .getByRole('region', { name: /Waiting for your approval/ })
      .getByTestId(`booking-${b.id}`);
    const toronto = formatMemberTimeRange(new Date(b.startsAt), new Date(b.endsAt), 'America/Toronto');
    expect(toronto).toMatch(/ Toronto$/);
    await card.waitFor();
    expect(await card.getByTestId('booking-own-time').innerText()).toBe(toronto);
    await card.getByText(/ Jamaica \(\d+ h\)$/).waitFor();
    const estimate = estimateInCurrency(toCents(b.totalCost), rate('CAD')).text;
    expect(estimate).toMatch(/^≈ C\$[\d,.]+ at J\$ [\d.]+ per C\$ on .+ — you are charged J\$ [\d,]+$/);
    expect(await card.getByTestId('booking-estimate').innerText()).toBe(estimate);
    await checkBothWidths(page);

    await card.getByRole('button', { name: 'Approve' }).focus();
    await page.keyboard.press('Enter');
    await waitForToast(page, /now sees the request for Gloria/);
    const approved = page.getByTestId(`booking-${b.id}`);
    await approved.getByText('Approved by Simone').waitFor();
    // Now hers to pay: the estimate stays beside the JMD total.
    await approved.getByRole('link', { name: 'Pay now' }).waitFor();
    expect(await approved.getByTestId('booking-estimate').innerText()).toBe(estimate);
    expect(errors).toEqual([]);
  });

  it('reads the circle’s statement: the latest month with visits first, then the month of its visits, and downloads the CSV', async () => {
    await page.goto(`/circles/${env.waiting.circle?.id}`);
    const panel = page.getByRole('region', { name: 'Monthly statement' });
    const month = panel.getByLabel('Month');
    // Issue 32, item 8: never an empty month while a later one has visits.
    await expect.poll(() => month.inputValue()).toBe(env.latestMonth);
    await panel
      .getByText(/Total, \d+ visit/)
      .first()
      .waitFor();
    if (env.visitMonth !== env.latestMonth) {
      await month.focus();
      await month.selectOption(env.visitMonth);
    }
    // At 390 px: one card per visit, every figure within the screen, nothing scrolls sideways.
    const cards = panel.getByTestId('statement-card');
    await cards.first().waitFor();
    expect(await panel.getByRole('table').isVisible()).toBe(false);
    for (const label of ['Hours', 'Total', 'Status', 'Payment']) {
      const box = await cards
        .first()
        .getByText(label, { exact: true })
        .locator('xpath=following-sibling::dd')
        .boundingBox();
      expect(box, label).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), label).toBeLessThanOrEqual(390);
      expect(box?.x, label).toBeGreaterThanOrEqual(0);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await panel.getByTestId('statement-card').getByText('Completed', { exact: true }).first().waitFor();
    await panel
      .getByTestId('statement-estimates')
      .getByText(/^≈ C\$[\d,.]+ at J\$ [\d.]+ per C\$ on /)
      .first()
      .waitFor();
    await checkBothWidths(page);
    // Wide: the real table, the completed visit, the confirmed one and the one just approved counted.
    await page.setViewportSize({ width: 1280, height: 800 });
    const table = panel.getByRole('table');
    await table.waitFor();
    expect(await table.getByTestId('statement-line').count()).toBeGreaterThanOrEqual(1);
    await table.getByText('Completed', { exact: true }).first().waitFor();
    await page.setViewportSize({ width: 390, height: 844 });

    const csv = panel.getByRole('link', { name: 'Download CSV' });
    const href = await csv.getAttribute('href');
    expect(href).toBe(`/api/circles/${env.waiting.circle?.id}/statement?month=${env.visitMonth}&format=csv`);
    // The link works with the session cookie alone.
    const res = await page.request.get(href ?? '');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/csv/);
    expect(await panel.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toMatch(
      /format=pdf$/,
    );
    expect(errors).toEqual([]);
  });

  it('moves to London and pounds in settings, and reads her bookings that way', async () => {
    await page.goto('/settings');
    const zone = page.getByLabel('My time zone');
    const currency = page.getByLabel('My currency');
    expect(await zone.inputValue()).toBe('America/Toronto');
    expect(await currency.inputValue()).toBe('CAD');
    // The browser is in Toronto: that option says so.
    await zone.locator('option', { hasText: 'this device' }).first().waitFor({ state: 'attached' });
    await checkBothWidths(page);
    await zone.selectOption('Europe/London');
    await currency.selectOption('GBP');
    await page.getByRole('button', { name: 'Save time zone and currency' }).click();
    await waitForToast(page, 'Time zone and currency saved');
    await page.getByText('Saved. Booking times show in London time beside Jamaica time.').waitFor();

    const b = env.waiting;
    await page.goto('/bookings');
    const card = page.getByTestId(`booking-${b.id}`);
    const london = formatMemberTimeRange(new Date(b.startsAt), new Date(b.endsAt), 'Europe/London');
    expect(await card.getByTestId('booking-own-time').innerText()).toBe(london);
    expect(await card.getByTestId('booking-estimate').innerText()).toBe(
      estimateInCurrency(toCents(b.totalCost), rate('GBP')).text,
    );
    expect(errors).toEqual([]);
  });
});
