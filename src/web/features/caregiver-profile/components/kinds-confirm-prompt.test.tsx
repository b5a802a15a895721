// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ProfilePage from '../../../pages/profile-page';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { type MyCaregiverProfile, useMyCaregiverProfile } from '../api';
import { DEFAULT_WEEK } from './availability-editor';
import { EDIT_KINDS_HREF, KindsConfirmPrompt } from './kinds-confirm-prompt';

const carer = makeUser({ id: 7, userType: 'caregiver', firstName: 'Shanique' });

const guessed: MyCaregiverProfile = {
  id: 3,
  userId: 7,
  firstName: 'Shanique',
  lastName: 'Williams',
  bio: 'Ten years with families in Spanish Town.',
  experience: 3,
  hourlyRate: '1500.00',
  skills: ['Homework Help', 'Infant Care'],
  certifications: [],
  availability: ['Monday Morning'],
  kinds: ['child-care', 'tutors'],
  kindsConfirmed: false,
  weeklyAvailability: DEFAULT_WEEK,
  isAvailable: true,
  isActive: true,
  averageRating: '0.00',
  totalReviews: 0,
  location: 'Spanish Town',
  parish: 'St. Catherine',
  profileImageUrl: null,
  isVerified: false,
  verificationStatus: 'pending',
  createdAt: '2026-11-23T15:00:00.000Z',
  updatedAt: '2026-11-23T15:00:00.000Z',
};

/** As the dashboard uses it: the prompt follows the signed-in caregiver's profile query. */
function Dashboard() {
  const profile = useMyCaregiverProfile();
  return profile.data ? <KindsConfirmPrompt profile={profile.data} /> : <p>loading</p>;
}

describe('kinds confirmation prompt', () => {
  it('names the guessed kinds; Confirm saves them as they are and the prompt goes', async () => {
    const { calls } = stubFetch({
      'GET /api/caregivers/me': { body: guessed },
      'PATCH /api/caregivers/me': { body: { ...guessed, kindsConfirmed: true } },
    });
    renderRoute(<Dashboard />, { path: '/caregiver-dashboard', user: carer });
    const prompt = await screen.findByRole('region', { name: 'Confirm the kinds of care you offer' });
    expect(prompt).toHaveTextContent(
      'We guessed the kinds of care you offer from your skills: Child care & Nannies, Tutors & Education. Confirm or change',
    );
    expect(screen.getByRole('link', { name: 'Change' })).toHaveAttribute('href', EDIT_KINDS_HREF);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /kinds of care/ })).not.toBeInTheDocument(),
    );
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ kinds: ['child-care', 'tutors'] });
  });

  it('stays away once the kinds are chosen', async () => {
    stubFetch({ 'GET /api/caregivers/me': { body: { ...guessed, kindsConfirmed: true } } });
    renderRoute(<Dashboard />, { path: '/caregiver-dashboard', user: carer });
    await waitFor(() => expect(screen.queryByText('loading')).not.toBeInTheDocument());
    expect(screen.queryByText(/We guessed the kinds/)).not.toBeInTheDocument();
  });

  it('Change lands on the profile page with the editor open at the kinds of care', async () => {
    // jsdom has no ResizeObserver; the page's Radix switch measures itself with one.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    stubFetch({ 'GET /api/caregivers/me': { body: guessed } });
    renderRoute(<ProfilePage />, { path: '/profile', url: EDIT_KINDS_HREF, user: carer });
    const kinds = await screen.findByRole('group', { name: 'Kinds of care you offer' });
    expect(kinds).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Tutors & Education' })).toBeChecked();
  });
});
