// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import SettingsPage from '../../../pages/settings-page';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';

const URL_1 = `http://localhost:5000/calendar/${'a'.repeat(43)}.ics`;
const URL_2 = `http://localhost:5000/calendar/${'b'.repeat(43)}.ics`;

/** A fake server for the feed's switch: answers as the real one does, remembering whether it is on. */
function feedServer(initiallyOn = false) {
  let on = initiallyOn;
  let made = 0;
  return stubFetch({
    'GET /api/calendar/feed': () => ({
      body: on ? { active: true, createdAt: '2026-11-20T15:00:00.000Z' } : { active: false },
    }),
    'POST /api/calendar/feed': () => {
      on = true;
      made += 1;
      return { status: 201, body: { url: made === 1 ? URL_1 : URL_2 } };
    },
    'DELETE /api/calendar/feed': () => {
      on = false;
      return { status: 204 };
    },
  });
}

const section = async () =>
  within((await screen.findByRole('heading', { name: 'Calendar feed' })).closest('section') as HTMLElement);

describe('Settings: calendar feed', () => {
  it('makes a link, shows it once with a copy button and instructions, and never again after a reload', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { calls } = feedServer();
    renderRoute(<SettingsPage />, { path: '/settings', user: makeUser() });
    const card = await section();
    expect(card.getByText(/Subscribe in Google Calendar, Apple Calendar or Outlook/)).toBeInTheDocument();
    expect(await card.findByText('Your calendar feed is off.')).toBeInTheDocument();

    fireEvent.click(card.getByRole('button', { name: 'Create calendar link' }));
    const link = await card.findByLabelText('Calendar feed link');
    expect(link).toHaveValue(URL_1);
    expect(link).toHaveAttribute('readonly');
    expect(card.getByRole('status')).toHaveTextContent('Copy it now');
    expect(card.getByText('Google Calendar')).toBeInTheDocument();
    expect(card.getByText('Outlook')).toBeInTheDocument();
    fireEvent.click(card.getByRole('button', { name: 'Copy link' }));
    expect(await card.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(URL_1);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].headers.get('X-Requested-With')).toBe('fetch');
  });

  it('asks before replacing a link (the old one stops working at once), and turns the feed off', async () => {
    const { calls } = feedServer(true);
    renderRoute(<SettingsPage />, { path: '/settings', user: makeUser({ userType: 'caregiver' }) });
    const card = await section();
    expect(await card.findByText(/Your calendar feed is on/)).toBeInTheDocument();
    expect(card.getByText(/bookings, meetings and time off/)).toBeInTheDocument();
    expect(card.queryByLabelText('Calendar feed link')).toBeNull();

    fireEvent.click(card.getByRole('button', { name: 'Make a new link' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Make a new calendar link?' }));
    expect(dialog.getByText(/The old link stops working at once/)).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(card.getByRole('button', { name: 'Make a new link' }));
    const again = within(await screen.findByRole('dialog', { name: 'Make a new calendar link?' }));
    fireEvent.click(again.getByRole('button', { name: 'Make a new link' }));
    expect(await card.findByLabelText('Calendar feed link')).toHaveValue(URL_1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    fireEvent.click(card.getByRole('button', { name: 'Turn off' }));
    expect(await card.findByText('Your calendar feed is off.')).toBeInTheDocument();
    expect(card.queryByLabelText('Calendar feed link')).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('Calendar feed turned off')).toBeInTheDocument();
  });

  it('says so when the state cannot be loaded', async () => {
    stubFetch({ 'GET /api/calendar/feed': { status: 500, body: { message: 'boom' } } });
    renderRoute(<SettingsPage />, { path: '/settings', user: makeUser() });
    const card = await section();
    expect(await card.findByText(/Could not load your calendar feed/)).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Create calendar link' })).toBeNull();
  });
});
