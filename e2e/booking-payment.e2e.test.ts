import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addJamaicaDays } from '../src/shared/contracts/payments';
import { jamaicaToday } from '../src/shared/time';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * The money journey in a real browser (issue 5 item 8): a family books from the profile → pays with
 * 4242… → the caregiver accepts → the booking completes → the caregiver's earnings show it → payouts
 * run → it shows as paid. Time is moved on with the admin's demo-mode job runner (asOf), since a
 * booking only completes after it ends and earnings are paid 48 h after completion.
 */

const PASSWORD = 'YaadCare2025!';
let server: TestServer;
let browser: Browser;
let family: { page: Page; close: () => Promise<void>; errors: string[] };
let carer: { page: Page; close: () => Promise<void>; errors: string[] };
let adminToken: string;
let caregiverId: number;
let bookingId: number;
let endsAt: Date;
// Beyond the demo data's booking windows: the slot is free.
const date = addJamaicaDays(jamaicaToday(), 45);

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

async function api(path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${path}: ${res.status}`).toBe(200);
  return res.json();
}

async function noAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@yaadcare.jm', password: PASSWORD }),
  });
  adminToken = (await login.json()).token;
  const found = await fetch(`${server.url}/api/caregivers/search?q=Shanique%20Williams`);
  const list = await found.json();
  const items = Array.isArray(list) ? list : list.items;
  caregiverId = items.find((c: { user: { firstName: string } }) => c.user.firstName === 'Shanique').id;
  const f = await newPage(browser, server.url, { viewport: { width: 360, height: 800 } });
  family = { page: f.page, errors: f.errors, close: () => f.context.close() };
  const c = await newPage(browser, server.url);
  carer = { page: c.page, errors: c.errors, close: () => c.context.close() };
});

afterAll(async () => {
  await family?.close();
  await carer?.close();
  await browser?.close();
  await server?.stop();
});

describe('booking → payment → acceptance → completion → earnings → payout', () => {
  it('a family books from the profile panel and pays with 4242 4242 4242 4242', async () => {
    const { page } = family;
    await logIn(page, 'family@yaadcare.jm');
    await page.goto(`/caregiver/${caregiverId}`);
    const panel = page.getByRole('region', { name: /^Book / });
    await panel.getByLabel('Date').fill(date);
    await panel.getByLabel('Start time').selectOption('9:00 AM');
    await panel.getByLabel('Duration').selectOption('2');
    await panel.getByText(/Free cancellation up to 24 hours/).waitFor();
    await panel.getByRole('button', { name: 'Request Booking' }).click();
    await page.waitForURL('**/payment/*');
    bookingId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(bookingId).toBeGreaterThan(0);
    await page.getByTestId('payment-total').waitFor();
    // The card is typed into the provider's hosted fields (an iframe), never into our page.
    const fields = page.frameLocator('iframe[title="Secure card form"]');
    await fields.getByLabel('Card number').waitFor();
    await noAxeViolations(page);

    // Every request from the page: none to our API may carry the card (PCI DSS SAQ A, issue 14 §7).
    const sent: { path: string; body: string }[] = [];
    const record = (req: Request) =>
      sent.push({ path: new URL(req.url()).pathname, body: req.postData() ?? '' });
    page.on('request', record);

    // A bad number first: the fields' own message, nothing sent anywhere.
    await fields.getByLabel('Card number').fill('4242 4242 4242 4241');
    await fields.getByLabel('Expiry (MM/YY)').fill('12/30');
    await fields.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /^Hold / }).click();
    await page.getByRole('alert').getByText('Your card number is incorrect.').waitFor();
    await fields.getByText('Your card number is incorrect.').waitFor();
    await noAxeViolations(page);

    // A declined card: the spec's message, nothing charged.
    await fields.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Hold / }).click();
    await page.getByText('Your card was declined.').waitFor();

    await fields.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Hold / }).click();
    await waitForToast(page, 'Payment Successful!');
    await page.waitForURL(/\/bookings\?booking=\d+$/);
    page.off('request', record);
    const toApi = sent.filter((r) => r.path.startsWith('/api/'));
    const payments = toApi.filter((r) => r.path === '/api/payments');
    expect(payments).toHaveLength(2);
    for (const r of payments) expect(JSON.parse(r.body).paymentToken).toMatch(/^tok_sbx_/);
    for (const r of toApi) {
      expect(r.body.replace(/\D/g, '')).not.toMatch(/4242424242424242|4000000000000002|4242424242424241/);
      expect(r.body).not.toMatch(/"(cvc|cvv)"|"123"/i);
    }
    // The card went to the provider's tokenization endpoint (outside /api) and nowhere else.
    expect(sent.filter((r) => r.path === '/sandbox-pay/tokens')).toHaveLength(2);
    const card = page.getByTestId(`booking-${bookingId}`);
    await card.getByText('Pending').waitFor();
    await card.getByText('Card held').waitFor();
    await noAxeViolations(page);
  });

  it('the caregiver accepts it on /bookings', async () => {
    const { page } = carer;
    await logIn(page, 'caregiver@yaadcare.jm');
    await page.goto('/bookings');
    await page.getByRole('tab', { name: /Pending/ }).click();
    const card = page.getByTestId(`booking-${bookingId}`);
    await card.waitFor();
    await noAxeViolations(page);
    await card.getByRole('button', { name: 'Accept' }).click();
    await waitForToast(page, 'Booking Accepted');
    await page.getByRole('tab', { name: /Upcoming/ }).click();
    await page.getByTestId(`booking-${bookingId}`).getByText('Confirmed').waitFor();
    // A confirmed booking shows the family's phone.
    await page
      .getByTestId(`booking-${bookingId}`)
      .getByRole('link', { name: /^Call / })
      .waitFor();
  });

  it('the booking completes and the caregiver’s earnings show it as pending', async () => {
    const booking = await api(`/api/bookings/${bookingId}`);
    endsAt = new Date(booking.endsAt);
    const run = await api('/api/admin/jobs/bookings-lifecycle/run', {
      asOf: new Date(endsAt.getTime() + 25 * 3_600_000).toISOString(),
    });
    expect(run.ran).toBe(true);
    expect((await api(`/api/bookings/${bookingId}`)).status).toBe('completed');

    const { page } = carer;
    await page.goto('/earnings');
    const row = page.getByTestId('earnings-row').filter({ hasText: date });
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('pending');
    await noAxeViolations(page);

    await page.goto('/payment-settings');
    await page.getByLabel('Bank', { exact: true }).selectOption('NCB');
    await page.getByLabel('Branch (transit) number').fill('01234');
    await page.getByRole('radio', { name: 'Savings' }).check();
    await page.getByLabel('Account number').fill('404 555 7788');
    await page.getByRole('button', { name: 'Save payout method' }).click();
    await page.getByTestId('masked-account').getByText('•••• 7788').waitFor();
    await noAxeViolations(page);
  });

  it('payouts run and the earning shows as paid', async () => {
    const run = await api('/api/admin/jobs/payouts/run', {
      asOf: new Date(endsAt.getTime() + 25 * 3_600_000 + 49 * 3_600_000).toISOString(),
    });
    expect(run.ran).toBe(true);
    expect(run.result.paid).toBeGreaterThanOrEqual(1);
    const { page } = carer;
    await page.goto('/earnings');
    const row = page.getByTestId('earnings-row').filter({ hasText: date });
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('paid');
    await page.getByLabel('Show').selectOption('paid');
    await page.getByTestId('earnings-row').filter({ hasText: date }).waitFor();

    // The family sees it completed, with a review link.
    await family.page.goto('/bookings');
    const card = family.page.getByTestId(`booking-${bookingId}`);
    await card.getByText('Completed').waitFor();
    await card.getByRole('link', { name: 'Leave a review' }).waitFor();
    expect(family.errors).toEqual([]);
    expect(carer.errors).toEqual([]);
  });

  it('the confirmation screen books 09:00–17:00 by default; a bank transfer waits until an admin marks it received', async () => {
    const { page } = family;
    await page.goto(`/booking-confirmation/${caregiverId}`);
    await page.getByLabel('Date').fill(addJamaicaDays(date, 2));
    expect(await page.getByLabel('Start time').inputValue()).toBe('9');
    expect(await page.getByLabel('End time').inputValue()).toBe('17');
    await page.getByText('× 8 hours').waitFor();
    await noAxeViolations(page);
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.waitForURL('**/payment/*');
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('tab', { name: 'Bank transfer' }).click();
    await page.getByRole('button', { name: 'Get transfer details' }).click();
    const status = page.getByTestId('payment-status');
    await status.getByText('Awaiting transfer').waitFor();
    const reference = (await status.locator('strong.font-mono').textContent()) ?? '';
    expect(reference).toMatch(/^YC-\d+-/);
    await noAxeViolations(page);

    const admin = await newPage(browser, server.url);
    try {
      await logIn(admin.page, 'admin@yaadcare.jm');
      await admin.page.goto('/admin');
      await admin.page.getByRole('tab', { name: 'Payments' }).click();
      // The transfer waiting to be marked received (the money list below names the same reference).
      const item = admin.page
        .getByRole('region', { name: 'Payments awaiting transfer' })
        .getByRole('listitem')
        .filter({ hasText: reference });
      await item.waitFor();
      await noAxeViolations(admin.page);
      await item.getByRole('button', { name: 'Mark received' }).click();
      await waitForToast(admin.page, 'Marked received');
    } finally {
      await admin.context.close();
    }
    const booking = await api(`/api/bookings/${id}`);
    expect(booking.payment.status).toBe('received');
  });
});
