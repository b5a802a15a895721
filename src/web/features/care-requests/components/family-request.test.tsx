// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { FamilyRequest } from './family-request';
import { makeApplicant, makeRequest } from './test-fixtures';

const request = makeRequest({
  mine: true,
  applicantCount: 2,
  shortlist: null,
  applicants: [
    makeApplicant(),
    makeApplicant({
      applicationId: 32,
      caregiverId: 12,
      userId: 22,
      firstName: 'Paul',
      hourlyRate: '1800.00',
      distanceKm: 12,
      verified: false,
      totalReviews: 0,
      averageRating: 0,
      parish: 'St. Andrew',
    }),
  ],
});

describe('FamilyRequest', () => {
  it('compares applicants side by side with Message and Book, and passes axe', async () => {
    stubFetch();
    renderRoute(
      <main>
        <FamilyRequest request={request} masked={false} />
      </main>,
      {
        path: '/care-requests/5',
        user: makeUser(),
      },
    );
    const cards = screen.getAllByTestId('applicant');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Marcia B.');
    expect(cards[0]).toHaveTextContent('RateJ$ 1,600 an hour');
    expect(cards[0]).toHaveTextContent('Reliability90%');
    expect(cards[0]).toHaveTextContent('4.8 ★ (12)');
    expect(cards[0]).toHaveTextContent('Verified');
    expect(cards[0]).toHaveTextContent('Same parish');
    expect(cards[1]).toHaveTextContent('About 12 km away');
    expect(cards[1]).toHaveTextContent('None yet');
    expect(within(cards[0]).getByRole('link', { name: 'Message Marcia B.' })).toHaveAttribute(
      'href',
      '/chat/21',
    );
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });

  it('books an applicant in one confirmed step', async () => {
    const { calls } = stubFetch({
      'POST /api/care-requests/5/applications/31/book': { body: { bookingId: 77 } },
    });
    renderRoute(
      <main>
        <FamilyRequest request={request} masked={false} />
      </main>,
      {
        path: '/care-requests/5',
        user: makeUser(),
      },
    );
    fireEvent.click(
      within(screen.getAllByTestId('applicant')[0]).getByRole('button', { name: 'Book Marcia B.' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('J$ 1,600 an hour (J$ 6,400 before the service fee)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book Marcia B.' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/applications/31/book'))).toBe(true));
  });

  it('shows the upgrade prompt when the team shortlist is refused', async () => {
    stubFetch({
      'POST /api/care-requests/5/shortlist-request': {
        status: 403,
        body: {
          code: 'PLAN_REQUIRED',
          message: 'A team shortlist comes with the Premium plan.',
          requestId: 'r',
        },
      },
    });
    renderRoute(
      <main>
        <FamilyRequest request={request} masked={false} />
      </main>,
      {
        path: '/care-requests/5',
        user: makeUser(),
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ask our team for a shortlist' }));
    expect(await screen.findByText(/A team shortlist comes with the Premium plan\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  });

  it('shows the team’s picks once sent', () => {
    stubFetch();
    const picked = makeRequest({
      ...request,
      shortlist: {
        requestedAt: '2026-11-24T12:00:00.000Z',
        pickedAt: '2026-11-24T15:00:00.000Z',
        note: 'All three know diabetes care.',
        picks: [
          makeApplicant({
            applicationId: null,
            caregiverId: 40,
            firstName: 'Ann',
            status: null,
            message: null,
          }),
        ],
      },
    });
    renderRoute(
      <main>
        <FamilyRequest request={picked} masked={false} />
      </main>,
      {
        path: '/care-requests/5',
        user: makeUser(),
      },
    );
    expect(screen.getByRole('heading', { name: 'Our team’s shortlist' })).toBeVisible();
    expect(screen.getByText('All three know diabetes care.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Book Ann B.' })).toBeNull();
  });
});
