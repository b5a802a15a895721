import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('support', () => {
  it('a visitor finds an answer, sends a message; an admin answers it in /admin and the answer is e-mailed', async () => {
    const visitor = await newPage(browser, server.url, {
      viewport: { width: 360, height: 740 },
      isMobile: true,
    });
    const page = visitor.page;
    await page.goto('/support');
    await page.getByRole('heading', { level: 1, name: 'How can we help?' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search the help centre' }).fill('cancel');
    await page.getByText('Can I cancel a booking?').click();
    await page.getByText(/Cancelling 24 hours or more before the start is free/).waitFor();

    const form = page.getByRole('form', { name: 'Message to support' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText('Please enter your name').waitFor();
    const email = `visitor-${Date.now()}@example.test`;
    await form.getByLabel('Your name').fill('Sasha Morgan');
    await form.getByLabel('E-mail address').fill(email);
    await form.getByLabel('Topic').selectOption('payments');
    await form.getByLabel('Subject').fill('Refund timing');
    await form.getByLabel(/^Message/).fill('How long does a refund take after I cancel a booking?');
    await form.getByRole('button', { name: 'Send message' }).click();
    const confirmation = page.getByText(/Message sent\. Your reference is (YC-\d{6})\./);
    await confirmation.waitFor();
    const reference = /YC-\d{6}/.exec((await confirmation.textContent()) ?? '')?.[0];
    expect(await axeViolations(page)).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    const outbox = await server.outbox();
    expect(outbox.some((m) => m.to === email && m.subject.includes(reference ?? '?'))).toBe(true);

    const admin = await newPage(browser, server.url, { viewport: { width: 1280, height: 800 } });
    const login = await admin.context.request.post('/api/auth/login', {
      data: { email: 'admin@yaadcare.jm', password: 'YaadCare2025!' },
      headers: { 'X-Requested-With': 'fetch' },
    });
    expect(login.status()).toBe(200);
    await admin.page.goto('/admin');
    await admin.page.getByRole('tab', { name: 'Support' }).click();
    const ticket = admin.page.getByRole('listitem').filter({ hasText: `${reference} · Refund timing` });
    await ticket.waitFor();
    expect(await axeViolations(admin.page)).toEqual([]);
    await ticket
      .getByLabel(`Answer to ${reference} (e-mailed to the sender)`)
      .fill('Refunds reach your card within 5 to 10 business days.');
    await ticket.getByRole('button', { name: 'Send and close' }).click();
    await waitForToast(admin.page, `Answer sent to ${email}`);
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    const after = await server.outbox();
    const reply = after.find((m) => m.to === email && m.subject.startsWith('Re: Refund timing'));
    expect(reply?.text).toContain('Refunds reach your card within 5 to 10 business days.');
  });
});
