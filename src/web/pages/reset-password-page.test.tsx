// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, stubFetch } from '../test/render';
import ResetPasswordPage from './reset-password-page';

describe('ResetPasswordPage', () => {
  it('without a token says the link is invalid and offers a new one', () => {
    stubFetch();
    renderRoute(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByRole('heading', { level: 1, name: 'Invalid reset link' })).toBeInTheDocument();
    expect(screen.getByText('This password reset link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /request a new reset link/i })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('toggles password visibility with aria-pressed', () => {
    stubFetch();
    renderRoute(<ResetPasswordPage />, { path: '/reset-password', url: '/reset-password?token=abc' });
    const input = screen.getByLabelText('New password');
    const toggle = screen.getByRole('button', { name: 'Show new password' });
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('sends token, newPassword and confirmPassword and shows the success screen', async () => {
    const { calls } = stubFetch({
      'POST /api/auth/reset-password': { body: { message: 'Password reset.' } },
    });
    renderRoute(<ResetPasswordPage />, { path: '/reset-password', url: '/reset-password?token=abc' });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new password 1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new password 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { name: 'Password reset successful' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to login' })).toHaveAttribute('href', '/login');
    expect(calls[0].body).toEqual({
      token: 'abc',
      newPassword: 'new password 1',
      confirmPassword: 'new password 1',
    });
  });

  it('shows the server message inline when the token is rejected', async () => {
    stubFetch({
      'POST /api/auth/reset-password': { status: 400, body: { message: 'This reset link has expired.' } },
    });
    renderRoute(<ResetPasswordPage />, { path: '/reset-password', url: '/reset-password?token=old' });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new password 1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new password 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has expired.');
  });

  it("says Passwords don't match on the confirm field", async () => {
    const { calls } = stubFetch();
    renderRoute(<ResetPasswordPage />, { path: '/reset-password', url: '/reset-password?token=abc' });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new password 1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new password 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
