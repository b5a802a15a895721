import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, newPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * A profile created the spec's way (POST /api/caregivers without kinds) gets kinds guessed from its
 * skills; the caregiver dashboard asks to confirm them, and choosing kinds in the profile editor ends it.
 */

let server: TestServer;
let browser: Browser;
let carer: { page: Page; close: () => Promise<void>; errors: string[] };

const stamp = Date.now().toString(36);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const { context, page, errors } = await newPage(browser, server.url);
  carer = { page, errors, close: () => context.close() };
});

afterAll(async () => {
  await carer?.close();
  await browser?.close();
  await server?.stop();
});

describe('kinds of care guessed for a spec client', () => {
  it('the dashboard names the guess; Change opens the editor; saving kinds ends the prompt', async () => {
    const { page } = carer;
    await page.goto('/');
    // The spec's client: signup (the session cookie), then the spec's onboarding payload with its token.
    const status = await page.evaluate(async (email) => {
      const signup = await fetch('/api/auth/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          userType: 'caregiver',
          firstName: 'Odessa',
          lastName: 'Brown',
          email,
          location: 'Mandeville',
          password: 'Dunns-River-Falls-77',
        }),
      });
      const { token } = await signup.json();
      localStorage.setItem('auth_token', token);
      const created = await fetch('/api/caregivers', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          bio: 'Homework help and lessons for primary school children.',
          experience: 4,
          hourlyRate: '1600',
          skills: ['Homework Help', 'Educational Activities'],
          certifications: ['Teaching Credential'],
          availability: ['Monday Afternoon'],
        }),
      });
      return created.status;
    }, `odessa-${stamp}@example.com`);
    expect(status).toBe(201);

    await page.goto('/caregiver-dashboard');
    const prompt = page.getByRole('region', { name: 'Confirm the kinds of care you offer' });
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain(
      'We guessed the kinds of care you offer from your skills: Tutors & Education. Confirm or change',
    );
    expect(await axeViolations(page)).toEqual([]);

    await prompt.getByRole('link', { name: 'Change' }).click();
    await page.waitForURL('**/profile?edit=kinds');
    const kinds = page.getByRole('group', { name: 'Kinds of care you offer' });
    await kinds.waitFor();
    expect(await kinds.getByLabel('Tutors & Education').isChecked()).toBe(true);
    await kinds.getByLabel('Special needs care').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await kinds.waitFor({ state: 'detached' });
    await page.getByText('Special needs care').first().waitFor();

    await page.goto('/caregiver-dashboard');
    await page.getByRole('heading', { name: /^Welcome, Odessa/ }).waitFor();
    expect(await page.getByText(/We guessed the kinds of care/).count()).toBe(0);
    expect(carer.errors).toEqual([]);
  });
});
