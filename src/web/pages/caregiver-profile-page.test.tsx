// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile, makeReview } from '../test/caregivers';
import { makeUser, renderRoute, stubFetch } from '../test/render';
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
    // The booking form and the reviews are chunks of their own (ADR 0023; their placeholders are tested in
    // caregiver-profile-loading.test.tsx).
    expect(await screen.findByRole('heading', { name: 'Book Shanique' })).toBeInTheDocument();
    expect(await screen.findByText('Wonderful with our girls.')).toBeInTheDocument();
    expect(screen.getByText('Natalie R.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Shanique W\. — Child care & Nannies in Kingston/));
  });

  it('says "New" for a caregiver with no reviews, not a 0.0 rating with "(0 reviews)" (issue 32 item 13)', async () => {
    stubFetch({
      'GET /api/caregivers/5': { body: makeProfile({ averageRating: '0', totalReviews: 0 }) },
      'GET /api/reviews/caregiver/5': { body: [], headers: { 'X-Total-Count': '0' } },
    });
    renderRoute(<CaregiverProfilePage />, { path: PATH, url: '/caregiver/5', user: null });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Shanique W.' });
    const header = heading.closest('section')!;
    expect(within(header).getByText('New')).toBeInTheDocument();
    expect(header).not.toHaveTextContent('0.0');
    expect(header).not.toHaveTextContent('0 reviews');
    expect(within(header).queryByRole('img', { name: /^Rated/ })).toBeNull();
  });

  it('shows the reliability record in plain words when the profile carries one (ADR 0035)', async () => {
    stubFetch({
      'GET /api/caregivers/5': {
        body: makeProfile({
          reliability: {
            completed: 12,
            lateCancellations: 1,
            noShows: 0,
            checkIns: 12,
            onTimeCheckIns: 12,
            score: 0.913,
            windowMonths: 12,
            computedAt: '2026-11-24T12:00:00.000Z',
          },
        }),
      },
      'GET /api/reviews/caregiver/5': { body: [], headers: { 'X-Total-Count': '0' } },
    });
    renderRoute(<CaregiverProfilePage />, { path: PATH, url: '/caregiver/5', user: null });
    expect(await screen.findByRole('heading', { name: 'Reliability' })).toBeInTheDocument();
    expect(screen.getByText('Completed 12 of 13 visits, cancelled 1 late')).toBeInTheDocument();
    expect(screen.getByText('On time for 12 of 12 check-ins')).toBeInTheDocument();
    expect(screen.getByText('How we count this')).toBeInTheDocument();
  });

  it('shows no reliability card for a profile without the field (a spec-shaped answer)', async () => {
    stubFetch({
      'GET /api/caregivers/5': { body: makeProfile() },
      'GET /api/reviews/caregiver/5': { body: [], headers: { 'X-Total-Count': '0' } },
    });
    renderRoute(<CaregiverProfilePage />, { path: PATH, url: '/caregiver/5', user: null });
    expect(await screen.findByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Reliability' })).not.toBeInTheDocument();
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

  it("opens the review form from a booking's 'Leave a review' link, for the signed-in family only", async () => {
    const routes = {
      'GET /api/caregivers/5': { body: makeProfile() },
      'GET /api/reviews/caregiver/5': { body: [], headers: { 'X-Total-Count': '0' } },
    };
    stubFetch(routes);
    const family = makeUser({ userType: 'family' });
    const { unmount } = renderRoute(<CaregiverProfilePage />, {
      path: PATH,
      url: '/caregiver/5?review=77',
      user: family,
    });
    const form = await screen.findByRole('region', { name: 'Leave a review' });
    expect(await within(form).findByRole('button', { name: 'Submit review' })).toBeInTheDocument();
    unmount();

    stubFetch(routes);
    renderRoute(<CaregiverProfilePage />, { path: PATH, url: '/caregiver/5?review=77', user: null });
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Leave a review' })).not.toBeInTheDocument();
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
