// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRequest } from '../features/care-requests/components/test-fixtures';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import CareRequestsPage from './care-requests-page';

describe('CareRequestsPage', () => {
  it('shows a family its requests with applicant counts and the way to post one', async () => {
    stubFetch({ 'GET /api/care-requests': { body: [makeRequest({ mine: true, applicantCount: 2 })] } });
    renderRoute(<CareRequestsPage />, { path: '/care-requests', user: makeUser() });
    expect(screen.getByRole('heading', { level: 1, name: 'My care requests' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Post a care request' })).toHaveAttribute(
      'href',
      '/care-requests/new',
    );
    expect(await screen.findByTestId('care-request')).toHaveTextContent('Open · 2 applicants');
  });

  it('shows a caregiver the requests that fit them', async () => {
    stubFetch({ 'GET /api/care-requests': { body: [makeRequest()] } });
    renderRoute(<CareRequestsPage />, { path: '/care-requests', user: makeUser({ userType: 'caregiver' }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Care requests' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Post a care request' })).toBeNull();
    expect(await screen.findByTestId('care-request')).toHaveTextContent('Posted by Sandra');
  });

  it('sends an admin to the Shortlists tab, under a heading', () => {
    stubFetch();
    renderRoute(<CareRequestsPage />, { path: '/care-requests', user: makeUser({ userType: 'admin' }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Care requests' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'admin console’s Shortlists tab' })).toHaveAttribute(
      'href',
      '/admin?tab=shortlists',
    );
  });
});
