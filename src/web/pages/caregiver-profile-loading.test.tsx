// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeProfile } from '../test/caregivers';
import { renderRoute, stubFetch } from '../test/render';
import CaregiverProfilePage from './caregiver-profile-page';

// The booking form's and the reviews' code never arrives (a slow phone opening a profile within the app).
vi.mock('../features/bookings/components/booking-panel', () => new Promise<never>(() => undefined));
vi.mock('./caregiver-profile/reviews', () => new Promise<never>(() => undefined));

describe('CaregiverProfilePage while its booking form and reviews load', () => {
  it('shows the profile, with placeholders that say so where the booking form and the reviews go', async () => {
    stubFetch({ 'GET /api/caregivers/5': { body: makeProfile() } });
    renderRoute(<CaregiverProfilePage />, { path: '/caregiver/:id', url: '/caregiver/5', user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shanique W.' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the booking form' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reviews' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Loading reviews' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Book Shanique' })).not.toBeInTheDocument();
  });
});
