// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../../../components/ui/use-toast';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { authKeys } from '../api';
import { TimeZoneCurrencyForm } from './time-zone-currency-form';

const render = (user = makeUser()) =>
  renderRoute(<TimeZoneCurrencyForm user={user} />, { path: '/settings', user });

describe('TimeZoneCurrencyForm', () => {
  it('shows the saved choice; saves both through PATCH /api/users/me and says what changes', async () => {
    const { calls } = stubFetch({
      'PATCH /api/users/me': (call) => ({ body: { ...makeUser(), ...(call.body as object) } }),
    });
    const { queryClient } = render();
    const zone = screen.getByLabelText('My time zone');
    const currency = screen.getByLabelText('My currency');
    expect(zone).toHaveValue('America/Jamaica');
    expect(currency).toHaveValue('JMD');
    expect((zone as HTMLSelectElement).options[0].textContent).toBe('Jamaica');
    fireEvent.change(zone, { target: { value: 'America/Toronto' } });
    fireEvent.change(currency, { target: { value: 'CAD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save time zone and currency' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Time zone and currency saved' }));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ timeZone: 'America/Toronto', currency: 'CAD' });
    expect(screen.getByTestId('time-zone-saved')).toHaveTextContent(
      'Saved. Booking times show in Toronto time beside Jamaica time. Bookings you pay for show an estimate in C$ beside the J$ charged, when a rate is kept.',
    );
    // The signed-in user now carries the choice, so every booking card reads it.
    expect(queryClient.getQueryData(authKeys.me)).toMatchObject({
      timeZone: 'America/Toronto',
      currency: 'CAD',
    });
  });

  it('puts a refused field’s message under it and says it was not saved', async () => {
    stubFetch({
      'PATCH /api/users/me': {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Please check the highlighted fields',
          errors: [{ path: 'timeZone', message: 'Choose a time zone from the list, e.g. America/Toronto' }],
        },
      },
    });
    render(makeUser({ timeZone: 'Europe/London', currency: 'GBP' }));
    expect(screen.getByLabelText('My time zone')).toHaveValue('Europe/London');
    fireEvent.click(screen.getByRole('button', { name: 'Save time zone and currency' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the highlighted fields');
    const zone = screen.getByLabelText('My time zone');
    expect(zone).toHaveAttribute('aria-invalid', 'true');
    expect(zone).toHaveAccessibleDescription(/Choose a time zone from the list, e\.g\. America\/Toronto/);
    expect(screen.queryByTestId('time-zone-saved')).toBeNull();
  });
});
