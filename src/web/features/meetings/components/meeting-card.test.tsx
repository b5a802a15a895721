// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { makeMeeting } from '../test-fixtures';
import { MeetingsList } from './meetings-list';

const HOUR = 3_600_000;
const a11y = async () =>
  (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations;

describe('MeetingsList', () => {
  it('a caregiver sees a request under Needs your answer and accepts one of the times', async () => {
    const m = makeMeeting();
    const { calls } = stubFetch({
      'GET /api/meetings': { body: [m] },
      'POST /api/meetings/7/accept': { body: { status: 'confirmed', time: m.proposedTimes[1] } },
    });
    renderRoute(
      <main>
        <MeetingsList viewer="caregiver" zone="America/Jamaica" />
      </main>,
      { user: makeUser({ userType: 'caregiver' }) },
    );
    const needs = await screen.findByRole('region', { name: 'Needs your answer (1)' });
    const card = within(needs).getByTestId('meeting-7');
    expect(card).toHaveTextContent('Video call with Natalie R.');
    expect(within(card).getByTestId('next-step')).toHaveTextContent(
      'Natalie R. would like to meet. Accept one of the times, propose others, or decline with a reason.',
    );
    expect(within(card).getByRole('button', { name: 'Propose other times' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Upcoming (0)' })).toHaveTextContent('No upcoming meetings.');
    expect(await a11y()).toEqual([]);
    const accepts = within(card).getAllByRole('button', { name: /^Accept / });
    expect(accepts).toHaveLength(2);
    expect(accepts[0].textContent).toMatch(/Jamaica$/);
    fireEvent.click(accepts[1]);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ time: m.proposedTimes[1] });
  });

  it('a confirmed video meeting shows Join video call; the family waits on a request', async () => {
    const startsAt = new Date(Date.now() + 5 * HOUR).toISOString();
    const confirmed = makeMeeting({
      id: 8,
      status: 'confirmed',
      side: 'family',
      turn: null,
      other: { userId: 31, name: 'Marcia C.' },
      proposedTimes: [],
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 15 * 60_000).toISOString(),
      videoUrl: 'https://meet.jit.si/YaadCare-0123456789abcdef0123456789abcdef',
      can: { accept: false, propose: false, decline: false, cancel: true, outcome: false },
    });
    const waiting = makeMeeting({
      id: 9,
      side: 'family',
      other: { userId: 31, name: 'Marcia C.' },
      can: { accept: false, propose: false, decline: false, cancel: true, outcome: false },
    });
    stubFetch({ 'GET /api/meetings': { body: [confirmed, waiting] } });
    renderRoute(
      <main>
        <MeetingsList viewer="family" zone="America/Toronto" />
      </main>,
      { user: makeUser({ timeZone: 'America/Toronto' }) },
    );
    const upcoming = await screen.findByRole('region', { name: 'Upcoming (2)' });
    const link = within(upcoming).getByRole('link', { name: /Join video call/ });
    expect(link).toHaveAttribute('href', confirmed.videoUrl);
    expect(within(upcoming).getByTestId('meeting-9')).toHaveTextContent('Waiting for Marcia C. to answer.');
    // Toronto's time first, Jamaica's beside it.
    expect(within(upcoming).getByTestId('meeting-8')).toHaveTextContent(/Toronto \(.* Jamaica\)/);
    expect(await a11y()).toEqual([]);
  });

  it('after the meeting the family sees Book (with the details carried over) and Not a fit', async () => {
    const startsAt = new Date(Date.now() - 3 * HOUR).toISOString();
    const past = makeMeeting({
      id: 10,
      status: 'confirmed',
      side: 'family',
      turn: null,
      other: { userId: 31, name: 'Marcia C.' },
      caregiverId: 11,
      careRequestId: 4,
      proposedTimes: [],
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 15 * 60_000).toISOString(),
      can: { accept: false, propose: false, decline: false, cancel: false, outcome: true },
    });
    const { calls } = stubFetch({
      'GET /api/meetings': { body: [past] },
      'POST /api/meetings/10/outcome': { body: { id: 10, status: 'completed' } },
    });
    renderRoute(
      <main>
        <MeetingsList viewer="family" zone="America/Jamaica" />
      </main>,
      { path: '/meetings', user: makeUser() },
    );
    const pastSection = await screen.findByRole('region', { name: 'Past (1)' });
    expect(within(pastSection).getByRole('button', { name: 'Not a fit' })).toBeVisible();
    expect(await a11y()).toEqual([]);
    fireEvent.click(within(pastSection).getByRole('button', { name: 'Book Marcia C.' }));
    const location = await screen.findByTestId('location');
    expect(location.textContent).toMatch(
      /^\/caregiver\/11\?date=\d{4}-\d{2}-\d{2}&start=.+&careRequest=4&from=meeting$/,
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ outcome: 'book' });
  });

  it('says so when there are no meetings, and offers a retry on an error', async () => {
    stubFetch({ 'GET /api/meetings': { body: [] } });
    renderRoute(<MeetingsList viewer="family" zone="America/Jamaica" />, { user: makeUser() });
    expect(await screen.findByText(/No meetings yet/)).toBeVisible();
  });
});
