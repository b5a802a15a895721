// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { zonedParts } from '../time';
import { AskToMeet } from './ask-to-meet';

describe('AskToMeet', () => {
  it('a family asks by phone for 30 minutes at two times; the request carries the care request', async () => {
    const { calls } = stubFetch({
      'POST /api/meetings': { status: 201, body: { id: 3, status: 'requested' } },
    });
    renderRoute(
      <main>
        <AskToMeet caregiverId={11} name="Marcia C." careRequestId={4} />
      </main>,
      { user: makeUser() },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ask to meet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Marcia C. to meet' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Phone call' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: '30 minutes' }));
    // Nothing chosen yet: a clear problem, no request.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Choose at least one date and time.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const day = (n: number) => zonedParts(new Date(Date.now() + n * 86_400_000), 'America/Jamaica').date;
    fireEvent.change(within(dialog).getByLabelText('Date 1'), { target: { value: day(2) } });
    fireEvent.change(within(dialog).getByLabelText('Time 1'), { target: { value: '10:00' } });
    fireEvent.change(within(dialog).getByLabelText('Date 2'), { target: { value: day(3) } });
    fireEvent.change(within(dialog).getByLabelText('Time 2'), { target: { value: '14:30' } });
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'Hello!' } });
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      caregiverId: 11,
      mode: 'phone',
      minutes: 30,
      careRequestId: 4,
      note: 'Hello!',
    });
    expect(body.proposedTimes).toEqual([`${day(2)}T15:00:00.000Z`, `${day(3)}T19:30:00.000Z`]);
    expect(body).not.toHaveProperty('place');
    expect(await screen.findByText('Meeting request sent')).toBeVisible();
  });

  it('in person asks where: a public place or my home', async () => {
    stubFetch();
    renderRoute(<AskToMeet caregiverId={11} name="Marcia C." />, { user: makeUser() });
    fireEvent.click(screen.getByRole('button', { name: 'Ask to meet' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('radio', { name: 'My home' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'In person' }));
    expect(within(dialog).getByRole('radio', { name: 'A public place' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'My home' })).toBeVisible();
  });

  it('sends a visitor to log in, and shows nothing to a caregiver', async () => {
    stubFetch();
    const { unmount } = renderRoute(<AskToMeet caregiverId={11} name="Marcia C." />, {
      path: '/caregiver/11',
      user: null,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ask to meet' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    unmount();
    renderRoute(<AskToMeet caregiverId={11} name="Marcia C." />, {
      user: makeUser({ userType: 'caregiver' }),
    });
    expect(screen.queryByRole('button', { name: 'Ask to meet' })).toBeNull();
  });
});
