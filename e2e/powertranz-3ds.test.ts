import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_CARDS, type PowerTranzFake, startPowerTranzFake } from '../src/server/test/powertranz-fake';
import { addJamaicaDays } from '../src/shared/contracts/payments';
import { jamaicaToday } from '../src/shared/time';
import { DEMO_PASSWORD } from './support/a11y';
import { axeViolations, checkBothWidths, launchBrowser, newPage, waitForToast } from './support/browser';
import { loginToken, startServer, type TestServer } from './support/server';

/**
 * The browser's 3-D Secure payment through the PowerTranz adapter (issue 34, ADR 0050, 0053): the server runs
 * with PAYMENTS_PROVIDER=powertranz against the local fake gateway. The demo family opens the payment page,
 * PowerTranz's hosted page shows in our frame, the challenge card asks the bank's code, the family answers
 * "pass", and the booking is paid (a card hold, authorized). A declined card shows the decline text.
 */
let fake: PowerTranzFake;
let server: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];
let closeContext: () => Promise<void>;
let familyToken: string;
let caregiverId: number;
const date = addJamaicaDays(jamaicaToday(), 52);

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${familyToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const book = async (startTime: string) =>
  (await api<{ id: number }>('POST', '/api/bookings', { caregiverId, date, startTime, duration: 2 })).id;

/** Opens the hosted page on /payment/{id} and enters `card` in PowerTranz's page (in our frame). */
async function enterCard(bookingId: number, card: string) {
  await page.goto(`/payment/${bookingId}`);
  await page.getByTestId('payment-total').waitFor();
  // By keyboard: the button takes Enter like any other.
  await page.getByRole('button', { name: 'Enter card details' }).press('Enter');
  const frame = page.frameLocator('iframe[title="Secure card payment"]');
  await frame.getByLabel('Card number').fill(card);
  await frame.getByRole('button', { name: 'Confirm payment' }).click();
  return frame;
}

beforeAll(async () => {
  fake = await startPowerTranzFake();
  [server, browser] = await Promise.all([
    startServer({
      env: {
        PAYMENTS_PROVIDER: 'powertranz',
        POWERTRANZ_ID: fake.id,
        POWERTRANZ_PASSWORD: fake.password,
        POWERTRANZ_URL: fake.url,
      },
    }),
    launchBrowser(),
  ]);
  familyToken = await loginToken(server.url, 'family@yaadcare.jm', DEMO_PASSWORD);
  const found = await (await fetch(`${server.url}/api/caregivers/search?q=Shanique%20Williams`)).json();
  const items = Array.isArray(found) ? found : found.items;
  caregiverId = items.find((c: { user: { firstName: string } }) => c.user.firstName === 'Shanique').id;
  const p = await newPage(browser, server.url, { viewport: { width: 390, height: 900 } });
  ({ page, errors } = p);
  closeContext = () => p.context.close();
  await page.goto('/login');
  await page.getByLabel('Email').fill('family@yaadcare.jm');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
});

afterAll(async () => {
  await closeContext?.();
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

describe('a 3-D Secure card payment through PowerTranz (the fake gateway)', () => {
  it('pays with the challenge card: the hosted page, the bank’s code, and the booking is held', async () => {
    const bookingId = await book('9:00 AM');
    await page.goto(`/payment/${bookingId}`);
    await page.getByTestId('payment-total').waitFor();
    // Cards only, on the processor's page: no PayPal or wallet tab, no card fields of ours.
    await expect(page.getByRole('tab', { name: 'PayPal' }).count()).resolves.toBe(0);
    await expect(page.locator('iframe[title="Secure card form"]').count()).resolves.toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    const frame = await enterCard(bookingId, FAKE_CARDS.challenge);
    // The issuer's challenge, inside the same frame.
    await frame.getByRole('heading', { name: /verify this payment/ }).waitFor();
    // Axe at 390 px and 1280 px (the frames included), no sideways scroll at 390 px.
    await checkBothWidths(page);
    await frame.getByLabel('Code').fill('pass');
    await frame.getByRole('button', { name: 'Verify' }).press('Enter');
    await waitForToast(page, 'Payment Successful!');
    await page.waitForURL(/\/bookings\?booking=\d+$/);

    const booking = await api<{ payment: { status: string; method: string; amount: string } | null }>(
      'GET',
      `/api/bookings/${bookingId}`,
    );
    expect(booking.payment).toMatchObject({ status: 'authorized', method: 'card' });
    // One authorization at the gateway for it, for the booking's total.
    const held = [...fake.txns.values()].filter((t) => t.approved);
    expect(held).toHaveLength(1);
    expect(held[0].amountCents).toBe(Math.round(Number(booking.payment?.amount) * 100));
    expect(fake.charges.get(held[0].id)).toBe(1);
    // The merchant's password went to the gateway in a header only, never to the browser.
    expect(fake.requests.some((r) => r.headers['powertranz-powertranzpassword'] === fake.password)).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });

  it('a declined card shows the decline text and can start again', async () => {
    const bookingId = await book('2:00 PM');
    await enterCard(bookingId, FAKE_CARDS.declined);
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    // A new attempt: the button to open a new page is back, keyboard reachable.
    const again = page.getByRole('button', { name: 'Enter card details' });
    await again.waitFor();
    await again.focus();
    await expect(again.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    const booking = await api<{ payment: { status: string } | null }>('GET', `/api/bookings/${bookingId}`);
    expect(booking.payment?.status ?? 'none').not.toBe('authorized');
    expect(errors).toEqual([]);
  });
});
