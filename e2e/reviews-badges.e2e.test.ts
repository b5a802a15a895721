import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * A review that can be trusted, end to end: a family books a new caregiver, the caregiver accepts on the
 * dashboard, the booking is completed, the family reviews it (double-blind: waiting), the caregiver rates
 * the family (published) and replies, the rating shows on the profile and in search, and the caregiver's
 * dashboard shows the earned 'First Booking' badge.
 *
 * The booking must have ended before it is completed: time is moved on with the admin's demo-mode job
 * runner (asOf), which completes it 24 h after its end, as the lifecycle job would. The server runs on
 * PostgreSQL when TEST_DATABASE_URL is set (CI), seeding the demo data into a new database, else on a copy
 * of the run's seeded PGlite DATA_DIR.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const dbName = `yc_e2e_${randomBytes(5).toString('hex')}`;
let server: TestServer;
let browser: Browser;

const stamp = Date.now().toString(36).replace(/\d/g, '');
const carer = {
  firstName: 'Odessa',
  lastName: `Reviewtest${stamp}`,
  email: `odessa-${stamp}@example.com`,
  password: 'Blue-Mountain-Peak-88',
};
const FAMILY = { email: 'family@yaadcare.jm', password: 'YaadCare2025!' };
const ADMIN = { email: 'admin@yaadcare.jm', password: 'YaadCare2025!' };

async function api<T = unknown>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** A weekday at least two days ahead (Jamaica), as yyyy-MM-dd. */
function nextWeekday(): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  [server, browser] = await Promise.all([startServer({ databaseUrl, timeoutMs: 120_000 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});

describe('reviews and badges journey', () => {
  let caregiverId: number;
  let caregiverToken: string;
  let bookingId: number;

  it('a family books a new caregiver, who accepts on the dashboard', async () => {
    caregiverToken = (
      await api<{ token: string }>('POST', '/api/auth/signup', undefined, {
        userType: 'caregiver',
        ...carer,
        location: 'Kingston',
      })
    ).token;
    const profile = await api<{ id: number }>('POST', '/api/caregivers', caregiverToken, {
      bio: 'Patient, playful nanny with ten years of experience in Kingston.',
      experience: 5,
      hourlyRate: 1500,
      skills: ['Infant Care', 'Homework Help'],
      availability: ['Weekdays', 'Weekends'],
      kinds: ['child-care'],
      weeklyAvailability: {
        monday: true,
        tuesday: true,
        wednesday: true,
        thursday: true,
        friday: true,
        saturday: true,
        sunday: true,
      },
    });
    caregiverId = profile.id;
    const familyToken = (await api<{ token: string }>('POST', '/api/auth/login', undefined, FAMILY)).token;
    bookingId = (
      await api<{ id: number }>('POST', '/api/bookings', familyToken, {
        caregiverId,
        date: nextWeekday(),
        startTime: '9:00 AM',
        duration: 2,
        notes: 'Two children, 4 and 7.',
      })
    ).id;

    const { page, context, errors } = await newPage(browser, server.url);
    await logIn(page, carer.email, carer.password);
    await page.goto('/caregiver-dashboard');
    const row = page.getByRole('listitem', { name: /Booking with/ }).first();
    await row.getByRole('button', { name: 'Accept' }).click();
    await waitForToast(page, 'Booking Accepted');
    expect((await axeViolations(page)).join('\n')).toBe('');
    const status = await api<{ status: string }>('GET', `/api/bookings/${bookingId}`, caregiverToken);
    expect(status.status).toBe('confirmed');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the booking ends and is completed; the family reviews it (double-blind: not yet public)', async () => {
    // The one step no user can take: the booking's time passes. The admin's demo-mode job runner
    // runs the lifecycle job as of a day after the end, which completes the booking.
    const booking = await api<{ endsAt: string }>('GET', `/api/bookings/${bookingId}`, caregiverToken);
    const adminToken = (await api<{ token: string }>('POST', '/api/auth/login', undefined, ADMIN)).token;
    const run = await api<{ ran: boolean }>('POST', '/api/admin/jobs/bookings-lifecycle/run', adminToken, {
      asOf: new Date(new Date(booking.endsAt).getTime() + 25 * 3_600_000).toISOString(),
    });
    expect(run.ran).toBe(true);
    const after = await api<{ status: string }>('GET', `/api/bookings/${bookingId}`, caregiverToken);
    expect(after.status).toBe('completed');

    const { page, context, errors } = await newPage(browser, server.url);
    await logIn(page, FAMILY.email, FAMILY.password);
    await page.goto(`/dashboard?review=${bookingId}`);
    const form = page.getByRole('form', { name: /Review Odessa/ });
    await form.waitFor();
    await form.locator('label', { hasText: '5 stars' }).click();
    await form.getByLabel('Comment (optional)').fill('Odessa was wonderful with our two.');
    expect((await axeViolations(page)).join('\n')).toBe('');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await waitForToast(page, 'Review submitted');
    await page.getByText(/published once your caregiver has shared feedback/).waitFor();
    const reviews = await api<unknown[]>('GET', `/api/reviews/caregiver/${caregiverId}`);
    expect(reviews).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the caregiver rates the family (the review is published), replies, and sees the First Booking badge', async () => {
    const { page, context, errors } = await newPage(browser, server.url);
    await logIn(page, carer.email, carer.password);
    await page.goto('/caregiver-dashboard?tab=bookings');
    await page.getByRole('button', { name: 'Rate family' }).first().click();
    const form = page.getByRole('form', { name: /\(private\)/ });
    await form.locator('label', { hasText: '5 stars' }).click();
    await form.getByRole('button', { name: 'Submit rating' }).click();
    await waitForToast(page, 'Rating saved');

    await page.getByRole('tab', { name: 'profile' }).click();
    await page.getByText('Odessa was wonderful with our two.').waitFor();
    await page.getByRole('button', { name: 'Reply' }).click();
    await page.getByLabel('Your public reply (one per review)').fill('Thank you! It was a joy.');
    await page.getByRole('button', { name: 'Post reply' }).click();
    await waitForToast(page, 'Reply posted');

    await page.getByRole('tab', { name: 'badges' }).click();
    const earned = page.getByRole('region', { name: 'Earned' });
    await earned.getByText('First Booking', { exact: true }).waitFor();
    expect((await axeViolations(page)).join('\n')).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the rating and the reply show on the profile and in search', async () => {
    const { page, context, errors } = await newPage(browser, server.url);
    await page.goto(`/caregiver/${caregiverId}`);
    await page.getByText('Odessa was wonderful with our two.').waitFor();
    await page.getByText('Thank you! It was a joy.').waitFor();
    await expect(page.getByText('(1 review)').first().isVisible()).resolves.toBe(true);
    await expect(page.getByText('5.0').first().isVisible()).resolves.toBe(true);
    await page.goto(`/search?q=${carer.lastName}`);
    const card = page.getByRole('article').filter({ hasText: 'Odessa' });
    await card.getByText('(1 review)').waitFor();
    expect(await card.getByText('5.0').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('mobile 360 px: both dashboards and every caregiver tab fit without sideways scrolling', async () => {
    for (const [who, paths] of [
      [FAMILY, ['/dashboard']],
      [
        carer,
        ['overview', 'badges', 'bookings', 'stats', 'messages', 'profile'].map(
          (t) => `/caregiver-dashboard?tab=${t}`,
        ),
      ],
    ] as const) {
      const { page, context } = await newPage(browser, server.url, { viewport: { width: 360, height: 740 } });
      await logIn(page, who.email, who.password);
      for (const path of paths) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          360,
        );
      }
      await context.close();
    }
  });
});
