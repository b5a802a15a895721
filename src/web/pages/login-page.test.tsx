// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import LoginPage from './login-page';

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('LoginPage', () => {
  it('keeps the submit button disabled until both email and password are filled', () => {
    stubFetch();
    renderRoute(<LoginPage />, { path: '/login' });
    const submit = screen.getByRole('button', { name: 'Log In' });
    expect(submit).toBeDisabled();
    fill('Email', 'jane@example.com');
    expect(submit).toBeDisabled();
    fill('Password', 'secret');
    expect(submit).toBeEnabled();
    fill('Email', '');
    expect(submit).toBeDisabled();
  });

  it('shows the zod message for a bad email and sends nothing', async () => {
    const { calls } = stubFetch();
    renderRoute(<LoginPage />, { path: '/login' });
    fill('Email', 'not-an-email');
    fill('Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('logs in, greets the user and goes to the role landing page', async () => {
    const user = makeUser({ firstName: 'Marcia', userType: 'caregiver' });
    const { calls } = stubFetch({ 'POST /api/auth/login': { body: { token: 't', user } } });
    renderRoute(<LoginPage />, { path: '/login' });
    fill('Email', 'Marcia@Example.com');
    fill('Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/caregiver-dashboard'));
    expect((await screen.findAllByText('Login successful! Welcome back, Marcia!')).length).toBeGreaterThan(0);
    expect(calls[0].body).toEqual({ email: 'marcia@example.com', password: 'secret' });
    expect(calls[0].headers.get('X-Requested-With')).toBe('fetch');
    expect(calls[0].credentials).toBe('include');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('shows the Login failed toast with the server message', async () => {
    stubFetch({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password.' } } });
    renderRoute(<LoginPage />, { path: '/login' });
    fill('Email', 'jane@example.com');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect((await screen.findAllByText('Login failed')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Invalid email or password.').length).toBeGreaterThan(0);
  });

  it('shows a wrong password in the form: an alert the fields point at, focused, gone on the next try', async () => {
    // Issue 32 item 11: a 5-second toast alone was easy to miss.
    const { calls } = stubFetch({
      'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password.' } },
    });
    renderRoute(<LoginPage />, { path: '/login' });
    fill('Email', 'jane@example.com');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    const form = screen.getByRole('button', { name: 'Log In' }).closest('form')!;
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Login failed');
    expect(alert).toHaveTextContent('Invalid email or password.');
    await waitFor(() => expect(alert.closest('[tabindex="-1"]') ?? alert).toHaveFocus());
    for (const label of ['Email', 'Password']) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(/Invalid email or password\./);
    }
    expect(calls).toHaveLength(1);
    // Editing the password clears it.
    fill('Password', 'another');
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });
});
