// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile, makeReview } from '../test/caregivers';
import { renderRoute, stubFetch } from '../test/render';
import CaregiverProfilePage, { parseCaregiverId } from './caregiver-profile-page';

const PATH = '/caregiver/:id';

describe('CaregiverProfilePage', () => {
  it('shows the profile with name and last initial, the Verified badge and the booking panel', async () => {
    stubFetch({
      'GET /api/caregivers/5': { body: makeProfile() },
      'GET /api/reviews/caregiver/5': { body: [makeReview()], headers: { 'X-Total-Count': '1' } },
    });
    renderRoute(<CaregiverProfilePage />, { path: PATH, url: '/caregiver/5', user: null });
    expect(screen.getByRole('status', { name: 'Loading caregiver profile' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Shanique W.' })).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('(12 reviews)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Skills & Certifications' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send Message' })).toHaveAttribute('href', '/chat/42');
    expect(screen.getByRole('heading', { name: 'Book Shanique' })).toBeInTheDocument();
    expect(await screen.findByText('Wonderful with our girls.')).toBeInTheDocument();
    expect(screen.getByText('Natalie R.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Shanique W\. — Child care & Nannies in Kingston/));
  });

  it('says No reviews yet, and pages reviews with Show more', async () => {
    const { calls } = stubFetch({
      'GET /api/caregivers/5': { body: makeProfile() },
      'GET /api/reviews/caregiver/5': (call) =>
        call.url.includes('offset=0')
          ? {
              body: [1, 2, 3, 4, 5].map((id) => makeReview({ id, comment: `Review ${id}` })),
              headers: { 'X-Total-Count': '6' },
            }
          : { body: [makeReview({ id: 6, comment: 'Review 6' })], headers: { 'X-Total-Count': '6' } },
    });
    renderRoute(<CaregiverProfilePage />, { path: PATH, url: '/caregiver/5', user: null });
    expect(await screen.findByText('Review 5')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Review 6')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/api/reviews/caregiver/5?limit=5&offset=5');
  });

  it('shows No reviews yet when there are none', async () => {
    stubFetch({
      'GET /api/caregivers/5': { body: makeProfile({ totalReviews: 0 }) },
      'GET /api/reviews/caregiver/5': { body: [], headers: { 'X-Total-Count': '0' } },
    });
    renderRoute(<CaregiverProfilePage />, { path: PATH, url: '/caregiver/5', user: null });
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });

  it('says Caregiver not found for an unknown or malformed id', async () => {
    stubFetch({ 'GET /api/caregivers/999': { status: 404, body: { message: 'Caregiver not found' } } });
    renderRoute(<CaregiverProfilePage />, { path: PATH, url: '/caregiver/999' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Caregiver not found' })).toBeInTheDocument();

    const { calls } = stubFetch();
    renderRoute(<CaregiverProfilePage />, { path: PATH, url: '/caregiver/abc' });
    expect(screen.getAllByRole('heading', { level: 1, name: 'Caregiver not found' }).length).toBeGreaterThan(
      0,
    );
    expect(calls).toEqual([]);
  });

  it('parses ids as positive integers', () => {
    expect(parseCaregiverId('12')).toBe(12);
    expect(parseCaregiverId('0')).toBeUndefined();
    expect(parseCaregiverId('1.5')).toBeUndefined();
    expect(parseCaregiverId(undefined)).toBeUndefined();
  });
});
