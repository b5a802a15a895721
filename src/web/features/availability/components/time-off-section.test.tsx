// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { TimeOffSection } from './time-off-section';

const away = {
  id: 3,
  kind: 'time_off',
  from: '2099-12-07',
  to: '2099-12-11',
  startTime: null,
  endTime: null,
  note: 'Family visit',
};

describe('TimeOffSection', () => {
  it('lists upcoming time off and extra hours, and removes one', async () => {
    const { calls } = stubFetch({
      'GET /api/caregivers/me/time-off': { body: [away] },
      'GET /api/caregivers/me/extra-hours': { body: [] },
      'DELETE /api/caregivers/me/time-off/3': { status: 204 },
    });
    renderRoute(<TimeOffSection />, { user: makeUser({ userType: 'caregiver' }) });
    expect(await screen.findByText('Mon 7 Dec – Fri 11 Dec')).toBeInTheDocument();
    expect(screen.getByText(/Family visit/)).toBeInTheDocument();
    expect(await screen.findByText('No extra hours added.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove time off Mon 7 Dec – Fri 11 Dec' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('adds a range of days, part of a day, and checks the fields before sending', async () => {
    const { calls } = stubFetch({
      'GET /api/caregivers/me/time-off': { body: [] },
      'GET /api/caregivers/me/extra-hours': { body: [] },
      'POST /api/caregivers/me/time-off': { status: 201, body: { id: 9 } },
      'POST /api/caregivers/me/extra-hours': { status: 201, body: { id: 10 } },
    });
    renderRoute(<TimeOffSection />, { user: makeUser({ userType: 'caregiver' }) });
    expect(await screen.findByText('No time off planned.')).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('A range of days'));
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2099-12-11' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2099-12-07' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add time off' }));
    expect(await screen.findByText('The last day must be on or after the first day.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2099-12-14' } });
    fireEvent.change(screen.getByLabelText('Note (optional, only you see it)'), {
      target: { value: 'Away' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add time off' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      from: '2099-12-11',
      to: '2099-12-14',
      note: 'Away',
    });

    fireEvent.click(screen.getByLabelText('Part of a day'));
    const [date] = screen.getAllByLabelText('Date');
    fireEvent.change(date, { target: { value: '2099-12-02' } });
    const [from] = screen.getAllByLabelText('From (Jamaica time)');
    const [until] = screen.getAllByLabelText('Until (Jamaica time)');
    fireEvent.change(from, { target: { value: '13:00' } });
    fireEvent.change(until, { target: { value: '17:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add time off' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1].body).toEqual({
      from: '2099-12-02',
      to: '2099-12-02',
      startTime: '13:00',
      endTime: '17:30',
    });

    // Extra hours.
    const dates = screen.getAllByLabelText('Date');
    fireEvent.change(dates[dates.length - 1], { target: { value: '2099-12-05' } });
    const froms = screen.getAllByLabelText('From (Jamaica time)');
    const untils = screen.getAllByLabelText('Until (Jamaica time)');
    fireEvent.change(froms[froms.length - 1], { target: { value: '10:00' } });
    fireEvent.change(untils[untils.length - 1], { target: { value: '13:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add extra hours' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/extra-hours') && c.method === 'POST')?.body).toEqual({
        date: '2099-12-05',
        startTime: '10:00',
        endTime: '13:00',
      }),
    );
  });
});
