// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, stubFetch } from '../test/render';
import ForgotPasswordPage from './forgot-password-page';

describe('ForgotPasswordPage', () => {
  it('shows Check your email and never a token, even if a server sent one; try again returns to the form', async () => {
    const { calls } = stubFetch({
      // An old server in demo mode answered with the token: the page must not show it (ADR 0011).
      'POST /api/auth/forgot-password': { body: { message: 'If that account exists…', token: 'tok123' } },
    });
    renderRoute(<ForgotPasswordPage />, { path: '/forgot-password' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(calls[0].body).toEqual({ email: 'jane@example.com' });
    expect(screen.queryByText(/tok123/)).toBeNull();
    expect(document.querySelector('a[href*="reset-password"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'try again' }));
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });

  it('shows the fallback message when the server gives none', async () => {
    stubFetch({ 'POST /api/auth/forgot-password': { status: 500, body: {} } });
    renderRoute(<ForgotPasswordPage />, { path: '/forgot-password' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send reset email');
  });
});
