// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { errorToast } from '../../lib/error-messages';
import { Toaster } from './toast';
import { resetToasts, toast } from './use-toast';

afterEach(() => {
  cleanup();
  resetToasts();
});

describe('Toaster', () => {
  it("shows an API error's message and its action: a link, or a hint", () => {
    render(<Toaster />);
    const expired = new ApiError(401, 'Please log in to continue.', undefined, { code: 'UNAUTHENTICATED' });
    act(() => {
      toast({ variant: 'destructive', title: 'Failed', ...errorToast(expired, 'Please try again.') });
    });
    expect(screen.getByText('Please log in to continue.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/login');

    const overlap = new ApiError(409, 'That time is taken.', undefined, { code: 'BOOKING_OVERLAP' });
    act(() => {
      toast({ variant: 'destructive', title: 'Booking Failed', ...errorToast(overlap, 'Please try again.') });
    });
    expect(screen.getByText('That time is taken.')).toBeInTheDocument();
    expect(screen.getByText('Pick another time.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in again' })).not.toBeInTheDocument();
  });
});
