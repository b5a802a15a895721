import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeed } from '../src/server/features/calendar-feeds/testing';
import { DEMO_PASSWORD, signIn } from './support/a11y';
import { axeViolations, launchBrowser, newPage, waitForToast } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 33, calendar feeds (ADR 0049): on /settings a user makes a private calendar link, copies it, and a
 * calendar app (here: fetch, without the browser's session) reads an RFC 5545 calendar of their bookings from
 * it, checked by ical.js. Making a new link stops the old one at once; turning the feed
 * off stops the new one. At 390 px (the demo family) and 1280 px (the demo caregiver), with axe.
 */

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Fetches a feed as a calendar app does: the link's path on this server, no cookie. */
const fetchFeed = (url: string) => fetch(`${server.url}${new URL(url).pathname}`);

/** The UIDs of the feed's events, as ical.js (a well-kept RFC 5545 parser) reads them. */
function uidsOf(text: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('YaadCare');
  expect(readFeed(text).events).toHaveLength(calendar.getAllSubcomponents('vevent').length);
  return calendar.getAllSubcomponents('vevent').map((v) => String(v.getFirstPropertyValue('uid')));
}

async function expectClean(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect(await axeViolations(page)).toEqual([]);
}

describe('a private calendar feed from /settings', () => {
  for (const { width, email } of [
    { width: 390, email: 'family@yaadcare.jm' },
    { width: 1280, email: 'caregiver@yaadcare.jm' },
  ]) {
    it(`at ${width} px (${email}): make the link, subscribe, replace it, turn it off`, async () => {
      const { page, context, errors } = await newPage(browser, server.url, {
        viewport: { width, height: 844 },
      });
      await signIn(context, email, DEMO_PASSWORD);
      await page.goto('/settings');
      const card = page.getByRole('region', { name: 'Calendar feed' });
      await card.getByText('Your calendar feed is off.').waitFor();
      await card.getByText(/Subscribe in Google Calendar, Apple Calendar or Outlook/).waitFor();
      await card.scrollIntoViewIfNeeded();
      await expectClean(page, width);

      await card.getByRole('button', { name: 'Create calendar link' }).click();
      const field = card.getByLabel('Calendar feed link');
      await field.waitFor();
      const first = await field.inputValue();
      expect(first).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      await card.getByText(/Copy it now/).waitFor();
      await expectClean(page, width);

      const feed = await fetchFeed(first);
      expect(feed.status).toBe(200);
      expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(feed.headers.get('cache-control')).toBe('private, no-store');
      const uids = uidsOf(await feed.text());
      // The demo family and caregiver have bookings ahead: each is an event with a stable UID.
      expect(uids.length).toBeGreaterThan(0);
      for (const uid of uids) expect(uid).toMatch(/^(booking|meeting|timeoff)-\d+@yaadcare\.jm$/);

      // A reload never shows the link again.
      await page.reload();
      await card.getByText(/Your calendar feed is on/).waitFor();
      expect(await card.getByLabel('Calendar feed link').count()).toBe(0);

      // A new link, by keyboard, after the question; the old one stops at once.
      await card.getByRole('button', { name: 'Make a new link' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Make a new calendar link?' });
      await dialog.getByText(/The old link stops working at once/).waitFor();
      await expectClean(page, width);
      await dialog.getByRole('button', { name: 'Make a new link' }).click();
      await field.waitFor();
      const second = await field.inputValue();
      expect(second).not.toBe(first);
      expect((await fetchFeed(first)).status).toBe(404);
      const renewed = await fetchFeed(second);
      expect(renewed.status).toBe(200);
      expect(uidsOf(await renewed.text()).sort()).toEqual([...uids].sort());

      await card.getByRole('button', { name: 'Turn off' }).click();
      await waitForToast(page, 'Calendar feed turned off');
      await card.getByText('Your calendar feed is off.').waitFor();
      expect((await fetchFeed(second)).status).toBe(404);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
