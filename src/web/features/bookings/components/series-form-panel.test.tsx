// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, isoWeekday } from '../../../../shared/booking-series';
import { jamaicaToday } from '../../../../shared/time';
import { getToasts } from '../../../components/ui/use-toast';
import { makeProfile } from '../../../test/caregivers';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { makeBooking } from '../test-fixtures';
import { SeriesForm } from './series-form-panel';

const PATH = '/caregiver/:id';
const URL_ = '/caregiver/5';

// A Monday two to three weeks ahead (Jamaica), so the form's own clock finds it valid.
let monday = addDays(jamaicaToday(), 14);
while (isoWeekday(monday) !== 1) monday = addDays(monday, 1);
const wednesday = addDays(monday, 2);
const friday = addDays(monday, 4);

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

function fillMonWedFri() {
  for (const day of ['Monday', 'Wednesday', 'Friday'])
    fireEvent.click(screen.getByRole('checkbox', { name: day }));
  fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '8:00 AM' } });
  fireEvent.change(screen.getByLabelText('Hours per visit'), { target: { value: '4' } });
  fireEvent.change(screen.getByLabelText('First date'), { target: { value: monday } });
  fireEvent.change(screen.getByLabelText('Number of visits'), { target: { value: '24' } });
}

const render = () =>
  renderRoute(<SeriesForm caregiver={makeProfile({ hourlyRate: '1000.00' })} disabled={false} />, {
    path: PATH,
    url: URL_,
    user: makeUser(),
  });

const posts = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'POST' && c.url === '/api/booking-series');

describe('SeriesForm', () => {
  it('names the saved card each visit will be held on, or offers to add one (issue 32, defect 7)', async () => {
    const card = (id: number, last4: string, isDefault: boolean) => ({
      id,
      brand: 'visa',
      last4,
      expMonth: 12,
      expYear: 2030,
      isDefault,
      createdAt: '2026-11-01T12:00:00.000Z',
    });
    stubFetch({ 'GET /api/payment-methods': { body: [card(1, '1111', false), card(2, '4242', true)] } });
    const first = render();
    expect(await screen.findByTestId('series-card')).toHaveTextContent(
      '48 hours before each visit, its cost is held on your Visa ending in 4242 (your default card). A visit still unpaid 24 hours before it starts is released.',
    );
    expect(
      within(screen.getByTestId('series-card')).getByRole('link', { name: 'Change card' }),
    ).toHaveAttribute('href', '/payment-settings');
    first.unmount();
    stubFetch({ 'GET /api/payment-methods': { body: [] } });
    render();
    expect(await screen.findByTestId('series-card')).toHaveTextContent(/^You have no saved card/);
    expect(within(screen.getByTestId('series-card')).getByRole('link', { name: 'Add a card' })).toBeVisible();
  });

  it('shows the live summary from the shared expansion', () => {
    stubFetch();
    render();
    expect(screen.getByTestId('series-summary')).toHaveTextContent(/^Choose weekdays/);
    fillMonWedFri();
    expect(screen.getByTestId('series-summary')).toHaveTextContent(
      /^Mon, Wed, Fri at 8:00 AM, 4 h, 24 visits, J\$\s?100,800 in all, paid visit by visit$/,
    );
  });

  it('checks the draft before sending: every field with its message, nothing sent', () => {
    const { calls } = stubFetch();
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Request regular care' }));
    expect(screen.getByLabelText('Start time')).toHaveAccessibleDescription('Choose a start time.');
    expect(screen.getByLabelText('First date')).toHaveAccessibleDescription('Choose the first date.');
    expect(screen.getByRole('group', { name: 'Weekdays' })).toHaveAccessibleDescription(
      'Choose at least one weekday.',
    );
    expect(getToasts()[0]).toMatchObject({ title: 'Check the form' });
    expect(posts(calls)).toEqual([]);
  });

  it('on 409 SERIES_CONFLICTS lists every clash; skipping resubmits with skipConflicts and opens the series', async () => {
    const conflicts = [
      { date: wednesday, reason: 'booked' },
      { date: friday, reason: 'booked' },
    ];
    const { calls } = stubFetch({
      'POST /api/booking-series': (call) =>
        (call.body as { skipConflicts?: boolean }).skipConflicts
          ? {
              status: 201,
              body: {
                id: 9,
                skipped: conflicts,
                bookings: Array.from({ length: 22 }, (_, i) => makeBooking({ id: i + 1 })),
              },
            }
          : {
              status: 409,
              body: {
                code: 'SERIES_CONFLICTS',
                message: 'The caregiver is already booked on some of these dates.',
                requestId: 'r',
                conflicts,
              },
            },
    });
    render();
    fillMonWedFri();
    fireEvent.click(screen.getByRole('button', { name: 'Request regular care' }));
    const clash = await screen.findByTestId('series-conflicts');
    expect(within(clash).getByRole('heading', { name: '2 dates clash' })).toHaveFocus();
    const items = within(clash)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/^Wednesday, .*: the caregiver already has another booking then$/);
    expect(clash).toHaveTextContent('of your 24 visits');
    fireEvent.click(within(clash).getByRole('button', { name: 'Skip these 2 dates and book the rest' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/series/9'));
    const sent = posts(calls).map((c) => (c as unknown as { body: Record<string, unknown> }).body);
    expect(sent).toHaveLength(2);
    expect(sent[0]).not.toHaveProperty('skipConflicts');
    expect(sent[1]).toMatchObject({
      skipConflicts: true,
      weekdays: [1, 3, 5],
      visits: 24,
      startDate: monday,
    });
    expect(getToasts()[0]).toMatchObject({
      title: 'Regular care requested',
      description: '22 visits sent to Shanique, 2 clashing dates skipped.',
    });
  });

  it('"Choose another time" goes back with every value kept; a failure loses nothing', async () => {
    let answer = 409;
    stubFetch({
      'POST /api/booking-series': () =>
        answer === 409
          ? {
              status: 409,
              body: {
                code: 'SERIES_CONFLICTS',
                message: 'x',
                conflicts: [{ date: wednesday, reason: 'booked' }],
              },
            }
          : { status: 500, body: { code: 'INTERNAL', message: 'boom' } },
    });
    render();
    fillMonWedFri();
    fireEvent.click(screen.getByRole('button', { name: 'Request regular care' }));
    const clash = await screen.findByTestId('series-conflicts');
    expect(within(clash).getByRole('button', { name: 'Skip this date and book the rest' })).toBeEnabled();
    fireEvent.click(within(clash).getByRole('button', { name: 'Choose another time' }));
    expect(screen.getByLabelText('Start time')).toHaveValue('8:00 AM');
    expect(screen.getByLabelText('Number of visits')).toHaveValue('24');
    expect(screen.getByRole('checkbox', { name: 'Wednesday' })).toBeChecked();

    answer = 500;
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '1:00 PM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request regular care' }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: 'Not booked', variant: 'destructive' }),
    );
    expect(getToasts()[0].description).not.toContain('boom');
    expect(screen.getByLabelText('Start time')).toHaveValue('1:00 PM');
    expect(screen.getByLabelText('First date')).toHaveValue(monday);
  });
});
