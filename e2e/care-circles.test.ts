import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 18, care circles in the browser, on a phone (390 px) and a desktop (1280 px): a family creates a
 * circle for Mummy, invites a second family account as payer by e-mail, the second opens the e-mailed link
 * signed out, logs in, comes back to the invitation and joins; both see each other as members. Axe runs on
 * every page on the way, and no page scrolls sideways.
 */
let server: TestServer;
let browser: Browser;
const PASSWORD = 'Blue-Mountain-Coffee-42';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const VIEWPORTS = [
  { name: '390px', width: 390, height: 844 },
  { name: '1280px', width: 1280, height: 800 },
] as const;

let counter = 0;
async function signUpFamily(firstName: string) {
  counter += 1;
  const email = `${firstName.toLowerCase()}-${Date.now()}-${counter}@example.com`;
  const res = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userType: 'family',
      firstName,
      lastName: 'Brown',
      email,
      location: 'Kingston',
      password: PASSWORD,
    }),
  });
  if (res.status !== 201) throw new Error(`signup ${res.status}: ${await res.text()}`);
  return email;
}

async function logIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Axe on the page as it is, and no sideways scrolling, named by the step for a readable failure. */
async function check(page: Page, step: string) {
  expect({ step, violations: await axeViolations(page) }).toEqual({ step, violations: [] });
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect({ step, sideways }).toEqual({ step, sideways: false });
}

/** The invitation link in the newest mail to `email`, as a path on this server. */
async function mailedInvitationPath(email: string): Promise<string> {
  const mail = (await server.outbox()).find((m) => m.to === email);
  const link = mail?.text.match(/https?:\/\/\S+\/circles\/invitations\/[\w-]+/)?.[0];
  if (!link) throw new Error(`no invitation link mailed to ${email}`);
  return new URL(link).pathname;
}

describe.each(VIEWPORTS)('care circles at $name', ({ width, height }) => {
  it('create a circle, invite by e-mail, accept through the mailed link, both see the members', async () => {
    const janeEmail = await signUpFamily('Jane');
    const paulEmail = await signUpFamily('Paul');
    const viewport = { width, height };
    const jane = await newPage(browser, server.url, { viewport });
    const paul = await newPage(browser, server.url, { viewport });
    try {
      // Jane: from her navigation to the empty /circles, which says what a circle is.
      await jane.page.goto('/login');
      await logIn(jane.page, janeEmail);
      if (width < 1280) await jane.page.getByRole('button', { name: 'Open menu' }).click();
      await jane.page
        .getByRole('navigation', { name: width < 1280 ? 'Menu' : 'Main' })
        .getByRole('link', { name: 'Care circles' })
        .click();
      await jane.page.getByRole('heading', { name: 'What is a care circle?' }).waitFor();
      await check(jane.page, 'empty /circles');

      // The contract's field errors, beside the fields, before anything is sent.
      const form = jane.page.getByRole('form', { name: 'Create a circle' });
      await form.getByRole('button', { name: 'Create the circle' }).click();
      await form.getByText('Parish is required').waitFor();
      expect(await form.getByLabel('Town or district').getAttribute('aria-invalid')).toBe('true');
      await check(jane.page, '/circles with field errors');

      await form.getByLabel('Name of the circle').fill('Mummy’s care');
      await form.getByLabel('First name').fill('Mummy');
      await form.getByLabel('Parish').selectOption('Manchester');
      await form.getByLabel('Town or district').fill('Mandeville');
      await form.getByLabel('Needs (optional)').fill('Help with meals and her evening medicine');
      await form.getByLabel('Contact name').fill('Paul Brown');
      await form.getByLabel('Contact phone').fill('876-555-1234');
      await form.getByRole('button', { name: 'Create the circle' }).click();
      await jane.page.getByRole('heading', { level: 1, name: 'Mummy’s care' }).waitFor();
      const circlePath = new URL(jane.page.url()).pathname;
      expect(circlePath).toMatch(/^\/circles\/\d+$/);
      await jane.page.getByText('Care for Mummy, Mandeville, Manchester').waitFor();

      // Invite Paul as payer with a cap: the link is shown once, and e-mailed.
      const invite = jane.page.getByRole('form', { name: 'Invite a relative' });
      await invite.getByLabel('E-mail address').fill(paulEmail);
      await invite.getByLabel('Role').selectOption('payer');
      await invite.getByLabel('Monthly cap (optional)').fill('50,000');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await jane.page.getByText(`We e-mailed this link to ${paulEmail}`).waitFor();
      const shownLink = await jane.page.getByLabel('Invitation link').inputValue();
      await check(jane.page, '/circles/:id with the new link');
      const path = await mailedInvitationPath(paulEmail);
      expect(new URL(shownLink).pathname).toBe(path);

      // Paul opens the mailed link signed out, logs in, and comes back to it.
      await paul.page.goto(path);
      await paul.page.getByRole('heading', { level: 1, name: 'You are invited to a care circle' }).waitFor();
      await check(paul.page, 'invitation, signed out');
      await paul.page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
      await logIn(paul.page, paulEmail);
      const question = paul.page.getByRole('heading', { level: 1, name: 'Join Mummy’s circle as payer?' });
      await question.waitFor();
      expect(new URL(paul.page.url()).pathname).toBe(path);
      await paul.page.getByText('Your monthly cap: J$ 50,000').waitFor();
      await check(paul.page, 'invitation, signed in');
      await paul.page.getByRole('button', { name: 'Join the circle' }).click();
      await waitForToast(paul.page, 'Welcome to “Mummy’s care”');
      await paul.page.getByRole('heading', { level: 1, name: 'Mummy’s care' }).waitFor();
      expect(new URL(paul.page.url()).pathname).toBe(circlePath);

      // Both see both members: Paul pays (with his cap), Jane still coordinates, provisionally.
      const members = (page: Page) => page.getByRole('region', { name: 'Members' });
      await members(paul.page).getByText('Jane B.').waitFor();
      await members(paul.page).getByText('Monthly cap: J$ 50,000').waitFor();
      await check(paul.page, '/circles/:id as the payer');
      await jane.page.reload();
      await members(jane.page).getByText('Paul B.').waitFor();
      const janeItem = members(jane.page).getByRole('listitem').filter({ hasText: 'Jane B.' });
      await janeItem.getByText('Provisional: coordinator, until someone accepts').waitFor();
      await jane.page
        .getByRole('region', { name: 'Open invitations' })
        .getByText('No open invitations.')
        .waitFor();
      await check(jane.page, '/circles/:id with both members');

      // Paul's list of circles names the recipient and his role.
      await paul.page.goto('/circles');
      const link = paul.page.getByRole('link', { name: /Mummy’s care/ });
      await link.getByText('Your role: Payer').waitFor();
      expect(await link.textContent()).toContain('Mummy, Mandeville, Manchester');
      await check(paul.page, '/circles with one circle');

      expect([...jane.errors, ...paul.errors]).toEqual([]);
    } finally {
      await jane.context.close();
      await paul.context.close();
    }
  });
});
