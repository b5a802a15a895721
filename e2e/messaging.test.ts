import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

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

async function signUpApi(userType: 'family' | 'caregiver', firstName: string) {
  const email = `${firstName.toLowerCase()}-${Date.now()}@example.com`;
  const res = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userType,
      firstName,
      lastName: 'Tester',
      email,
      location: 'Kingston',
      password: PASSWORD,
    }),
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`signup ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { id: number } };
  return { id: body.user.id, email, token: body.token };
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

const badge = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByTestId('messages-unread-badge');

describe('messaging between a family and a caregiver', () => {
  it('exchanges messages live with read ticks and badge counts changing without reload', async () => {
    const family = await signUpApi('family', 'Natalie');
    const caregiver = await signUpApi('caregiver', 'Shanique');
    const viewport = { width: 1280, height: 900 };
    const a = await newPage(browser, server.url, { viewport });
    const b = await newPage(browser, server.url, { viewport });
    try {
      await Promise.all([logIn(a.page, family.email), logIn(b.page, caregiver.email)]);
      await b.page.goto('/messages');
      await b.page.getByRole('heading', { name: 'No conversations yet' }).waitFor();
      expect(await badge(b.page).count()).toBe(0);

      await a.page.goto(`/chat/${caregiver.id}`);
      const input = a.page.getByLabel('Message Shanique');
      const send = a.page.getByRole('button', { name: 'Send' });
      expect(await send.isDisabled()).toBe(true);
      await input.fill('   ');
      expect(await send.isDisabled()).toBe(true);
      await input.fill('Hi Shanique, are you free on Saturday?');
      await input.press('Enter');
      const mine = a.page.getByTestId('chat-message').filter({ hasText: 'are you free on Saturday?' });
      await mine.waitFor();
      expect(await input.inputValue()).toBe('');
      await mine.getByText('Sent').waitFor();
      expect(await a.page.getByTestId('read-tick').count()).toBe(0);
      expect(await axeViolations(a.page)).toEqual([]);

      // The caregiver's page updates without a reload: badge, bell and conversation list.
      await badge(b.page).filter({ hasText: '1' }).waitFor({ timeout: 5000 });
      await b.page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
      const row = b.page.getByTestId('conversation-row').filter({ hasText: 'Natalie Tester' });
      await row.getByText('1 unread').waitFor();
      await row.click();
      await b.page.getByTestId('chat-message').filter({ hasText: 'are you free on Saturday?' }).waitFor();

      // Reading it sends the receipt: the family sees the read tick, the caregiver's badge goes.
      await mine.getByTestId('read-tick').waitFor({ timeout: 5000 });
      await badge(b.page).waitFor({ state: 'detached', timeout: 5000 });
      expect(await axeViolations(b.page)).toEqual([]);

      // Shift+Enter makes a new line; Enter sends.
      const reply = b.page.getByLabel('Message Natalie');
      await reply.fill('Yes I am!');
      await reply.press('Shift+Enter');
      await reply.pressSequentially('From 9 to 5.');
      expect(await reply.inputValue()).toBe('Yes I am!\nFrom 9 to 5.');
      await reply.press('Enter');
      await a.page.getByTestId('chat-message').filter({ hasText: 'From 9 to 5.' }).waitFor({ timeout: 5000 });
      // The family is looking at the chat, so the reply is read at once and the caregiver sees the tick.
      await b.page
        .getByTestId('chat-message')
        .filter({ hasText: 'From 9 to 5.' })
        .getByTestId('read-tick')
        .waitFor({ timeout: 5000 });

      // Text only: markup is shown as typed, never run.
      await input.fill('<img src=x onerror="window.__owned=1"><b>bold?</b>');
      await send.click();
      await b.page.getByTestId('chat-message').filter({ hasText: '<b>bold?</b>' }).waitFor({ timeout: 5000 });
      expect(
        await b.page.evaluate(() => (window as unknown as { __owned?: number }).__owned),
      ).toBeUndefined();

      // Report from the chat: the admin queue shows it with the conversation.
      await a.page.getByRole('button', { name: 'Report' }).click();
      await a.page.getByLabel('What happened?').fill('Testing the report queue');
      await a.page.getByRole('button', { name: 'Send report' }).click();
      await waitForToast(a.page, 'Report sent');

      expect([...a.errors, ...b.errors]).toEqual([]);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  it('on a phone, /messages switches between the list and the chat; admins see reports and answer as support', async () => {
    const family = await signUpApi('family', 'Kimone');
    // A report of its own for the admin queue.
    const reporter = await signUpApi('caregiver', 'Tanisha');
    const reported = await fetch(`${server.url}/api/users/${family.id}/report`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reporter.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Kimone asked for my bank PIN' }),
    });
    expect(reported.status).toBe(201);
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as { supportUserId: number };
    const phone = await newPage(browser, server.url, { viewport: { width: 360, height: 740 } });
    try {
      await logIn(phone.page, family.email);
      await phone.page.goto(`/chat/${config.supportUserId}`);
      await phone.page.getByLabel('Message YaadCare').fill('I need help with my booking');
      await phone.page.getByRole('button', { name: 'Send' }).click();
      await phone.page.getByTestId('chat-message').filter({ hasText: 'I need help' }).waitFor();
      await phone.page.goto('/messages');
      await phone.page.getByTestId('conversation-row').filter({ hasText: 'YaadCare Support' }).click();
      await phone.page.getByRole('button', { name: 'Back to conversations' }).waitFor();
      expect(await phone.page.getByRole('navigation', { name: 'Conversations' }).isVisible()).toBe(false);
      expect(await axeViolations(phone.page)).toEqual([]);
      await phone.page.getByRole('button', { name: 'Back to conversations' }).click();
      await phone.page.getByRole('navigation', { name: 'Conversations' }).waitFor();

      const admin = await newPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
      try {
        await logIn(admin.page, 'admin@yaadcare.jm', 'YaadCare2025!');
        await admin.page.goto('/admin?tab=reports');
        await admin.page.getByRole('heading', { name: 'Reported users' }).waitFor();
        await admin.page.getByText('Kimone asked for my bank PIN').waitFor();
        const row = admin.page
          .getByRole('navigation', { name: 'Support conversations' })
          .getByTestId('conversation-row')
          .filter({ hasText: 'Kimone Tester' });
        await row.click();
        await admin.page.getByLabel('Message Kimone').fill('Hi Kimone, how can we help?');
        await admin.page.getByLabel('Message Kimone').press('Enter');
        // The family's phone gets the reply live.
        await phone.page
          .getByTestId('conversation-row')
          .filter({ hasText: 'how can we help?' })
          .waitFor({ timeout: 5000 });
        expect(await axeViolations(admin.page)).toEqual([]);
        expect(admin.errors).toEqual([]);
      } finally {
        await admin.context.close();
      }
      // Notification settings in /settings: a switch per kind and channel, saved at once.
      await phone.page.goto('/settings');
      const unread = phone.page.getByRole('switch', { name: 'Unread messages by E-mail' });
      expect(await unread.getAttribute('aria-checked')).toBe('true');
      await unread.click();
      await waitForToast(phone.page, 'Notification settings saved');
      expect(await unread.getAttribute('aria-checked')).toBe('false');
      expect(await axeViolations(phone.page)).toEqual([]);
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
