// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SettingsPage from '../../../pages/settings-page';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';

describe('Settings: your data', () => {
  it('links to the export, and deletes the account only with the right password', async () => {
    let attempts = 0;
    const fetch = stubFetch({
      'DELETE /api/me': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 400,
              body: {
                message: 'Password is incorrect',
                errors: [{ path: 'password', message: 'Password is incorrect' }],
              },
            }
          : { body: { message: 'Your account has been deleted.', scrubAfter: '2026-12-21T00:00:00.000Z' } };
      },
    });
    renderRoute(<SettingsPage />, { path: '/settings', user: makeUser() });
    expect(screen.getByRole('link', { name: 'Download my data' })).toHaveAttribute('href', '/api/me/export');

    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    const submit = dialog.getByRole('button', { name: 'Delete my account' });
    fireEvent.click(submit);
    expect(await dialog.findByText('Enter your password to confirm')).toBeInTheDocument();
    expect(fetch.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText('Your password'), { target: { value: 'wrong-one' } });
    fireEvent.click(submit);
    expect(await dialog.findByText('Password is incorrect')).toBeInTheDocument();
    expect(dialog.getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(dialog.getByLabelText('Your password'), { target: { value: 'right-one' } });
    fireEvent.click(submit);
    expect(await screen.findByTestId('location')).toHaveTextContent('/');
    const deletes = fetch.calls.filter((c) => c.method === 'DELETE');
    expect(deletes.map((c) => c.body)).toEqual([{ password: 'wrong-one' }, { password: 'right-one' }]);
    expect(deletes[1].headers.get('X-Requested-With')).toBe('fetch');
  });
});
