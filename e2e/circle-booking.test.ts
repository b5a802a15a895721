import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addJamaicaDays } from '../src/shared/contracts/payments';
import { jamaicaToday } from '../src/shared/time';
import { DEMO_PASSWORD, signIn } from './support/a11y';
import { uniqueEmail } from './support/auth';
import { checkBothWidths, launchBrowser, newPage, waitForToast } from './support/browser';
import { loginToken, startServer, type TestServer } from './support/server';

/**
 * Issue 18, booking for a care circle in the browser: the demo family coordinates a circle for Hyacinth in
 * Mandeville that asks a payer to approve every booking; the payer (a new account in Toronto) joined through
 * an invitation. The coordinator books Shanique "for Hyacinth" from the profile; the caregiver sees nothing
 * until the payer approves it on /bookings; then the caregiver sees care for Hyacinth. Circle and payer are
 * set up through the API; each page visited passes axe at 390 px and 1280 px, without sideways scrolling.
 */

const COORDINATOR = 'family@yaadcare.jm';
const CAREGIVER = 'caregiver@yaadcare.jm';
const PAYER_PASSWORD = 'Blue-Mountain-Coffee-42';
// Beyond the demo data's booking windows: the slot is free.
const date = addJamaicaDays(jamaicaToday(), 46);

let server: TestServer;
let browser: Browser;
const env = {} as { caregiverId: number; payerEmail: string; bookingId: number };
const closers: (() => Promise<unknown>)[] = [];

async function api<T>(
  path: string,
  token: string,
  body?: unknown,
  expected = body === undefined ? 200 : 201,
) {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBe(expected);
  return (text ? JSON.parse(text) : undefined) as T;
}

const tokenOf = (email: string, password = DEMO_PASSWORD) => loginToken(server.url, email, password);

/** A signed-in page, as a person on a phone (390 px) would start; `timezoneId` for the payer abroad. */
async function pageFor(email: string, password = DEMO_PASSWORD, timezoneId?: string) {
  const { context, page, errors } = await newPage(browser, server.url, {
    viewport: { width: 390, height: 844 },
    ...(timezoneId ? { timezoneId } : {}),
  });
  closers.push(() => context.close());
  await signIn(context, email, password);
  return { page, errors };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const carer = await tokenOf(CAREGIVER);
  env.caregiverId = (await api<{ id: number }>('/api/caregivers/me', carer)).id;

  // The payer: a new family account, in Toronto.
  env.payerEmail = uniqueEmail('sandra');
  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userType: 'family',
      firstName: 'Sandra',
      lastName: 'Campbell',
      email: env.payerEmail,
      location: 'Kingston',
      password: PAYER_PASSWORD,
    }),
  });
  expect(signup.status, await signup.clone().text()).toBe(201);
  const payer = ((await signup.json()) as { token: string }).token;

  const coordinator = await tokenOf(COORDINATOR);
  const circle = await api<{ id: number }>('/api/circles', coordinator, {
    name: 'Mummy',
    recipient: {
      firstName: 'Hyacinth',
      lastName: 'Campbell',
      parish: 'Manchester',
      town: 'Mandeville',
      address: '12 Caledonia Road',
      needs: 'Help with bathing and meals',
      notes: 'Likes the radio on',
      emergencyContact: { name: 'Marcia Brown', phone: '876-555-0199' },
    },
    approvalRequired: true,
  });
  const invitation = await api<{ inviteUrl: string }>(`/api/circles/${circle.id}/invitations`, coordinator, {
    email: env.payerEmail,
    role: 'payer',
  });
  const token = new URL(invitation.inviteUrl).pathname.split('/').pop();
  await api(`/api/invitations/${token}/accept`, payer, {}, 200);
});

afterAll(async () => {
  for (const close of closers) await close();
  await browser?.close();
  await server?.stop();
});

describe('booking for a care circle, approved by its payer', () => {
  it('the coordinator books Shanique for Hyacinth; it waits for the payer, and says why', async () => {
    const { page, errors } = await pageFor(COORDINATOR);
    await page.goto(`/caregiver/${env.caregiverId}`);
    const panel = page.getByRole('region', { name: /^Book / });
    const choice = panel.getByRole('group', { name: 'Who is this care for?' });
    // By keyboard: from "My household" (the default) to Hyacinth with an arrow key.
    await choice.getByRole('radio', { name: 'My household' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => choice.getByRole('radio', { name: /Hyacinth, Mandeville/ }).isChecked())
      .toBe(true);
    await choice.getByText(/the address and emergency contact once they accept/).waitFor();
    await panel.getByLabel('Date').fill(date);
    await panel.getByLabel('Start time').selectOption('9:00 AM');
    await checkBothWidths(page);
    await panel.getByRole('button', { name: 'Request Booking' }).click();
    await waitForToast(
      page,
      /A payer in the circle must approve this booking for Hyacinth because the circle asks/,
    );
    await page.waitForURL(/\/bookings\?booking=\d+$/);
    // The booking just made stands once, above the tabs, in the "Just now" region: its card is the list item.
    const justNow = page.getByTestId('booking-just-now');
    const card = justNow.locator('li[data-testid^="booking-"]', {
      hasText: 'For Hyacinth (Mummy, Mandeville)',
    });
    await card.getByText('Awaiting approval').waitFor();
    env.bookingId = Number((await card.getAttribute('data-testid'))?.replace('booking-', ''));
    await card.getByText(/Waiting for a payer’s approval: the circle asks a payer/).waitFor();
    // A coordinator who is no longer the payer (Sandra accepted that role) neither approves nor pays.
    expect(await card.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await card.getByRole('link', { name: 'Pay now' }).count()).toBe(0);
    await checkBothWidths(page);
    expect(errors).toEqual([]);

    // The caregiver is not asked yet.
    const carer = await tokenOf(CAREGIVER);
    const seen = await api<{ id: number }[]>('/api/bookings', carer);
    expect(seen.map((b) => b.id)).not.toContain(env.bookingId);
  });

  it('the payer, in Toronto, approves it on /bookings', async () => {
    const { page, errors } = await pageFor(env.payerEmail, PAYER_PASSWORD, 'America/Toronto');
    await page.goto('/bookings');
    const section = page.getByRole('region', { name: /Waiting for your approval/ });
    const card = section.getByTestId(`booking-${env.bookingId}`);
    await card.getByText('For Hyacinth (Mummy, Mandeville)').waitFor();
    await checkBothWidths(page);
    await card.getByRole('button', { name: 'Approve' }).focus();
    await page.keyboard.press('Enter');
    await waitForToast(page, 'Shanique now sees the request for Hyacinth.');
    const approved = page.getByTestId(`booking-${env.bookingId}`);
    await approved.getByText('Approved by Sandra').waitFor();
    await approved.getByText('Pending').waitFor();
    // Now theirs to pay.
    await approved.getByRole('link', { name: 'Pay now' }).waitFor();
    expect(await page.getByRole('region', { name: /Waiting for your approval/ }).count()).toBe(0);
    await checkBothWidths(page);
    expect(errors).toEqual([]);
  });

  it('the caregiver then sees the request: care for Hyacinth, her needs, never the circle or the payer', async () => {
    const { page, errors } = await pageFor(CAREGIVER);
    await page.goto('/bookings');
    await page.getByRole('tab', { name: /Pending/ }).click();
    const card = page.getByRole('tabpanel').getByTestId(`booking-${env.bookingId}`);
    await card.getByRole('heading', { name: 'Care for Hyacinth (Mandeville)' }).waitFor();
    await card.getByText('Help with bathing and meals').waitFor();
    const text = await card.innerText();
    expect(text).not.toMatch(/Sandra|Mummy|Caledonia|Marcia|approv/i);
    await checkBothWidths(page);

    // Once accepted: Hyacinth's address and emergency contact.
    await card.getByRole('button', { name: 'Accept' }).click();
    await waitForToast(page, 'Booking Accepted');
    await page.getByRole('tab', { name: /Upcoming/ }).click();
    const confirmed = page.getByRole('tabpanel').getByTestId(`booking-${env.bookingId}`);
    await confirmed.getByText('12 Caledonia Road').waitFor();
    // The server keeps the number in E.164.
    await confirmed.locator('a[href="tel:+18765550199"]').waitFor();
    await confirmed.getByText('Marcia Brown', { exact: false }).waitFor();
    expect(await confirmed.innerText()).not.toMatch(/Sandra|Mummy|approv/i);
    expect(errors).toEqual([]);
  });
});
