// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { AdminShortlistsPanel } from './admin-shortlists';

const item = {
  requestId: 5,
  kind: 'senior-care',
  parish: 'Kingston',
  town: 'Kingston',
  startDate: '2026-12-02',
  description: 'Help for my mother.',
  familyName: 'Sandra Campbell',
  requestedAt: '2026-11-24T12:00:00.000Z',
  status: 'open',
};

describe('AdminShortlistsPanel', () => {
  it('lists waiting requests and sends up to three picks with a note', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/shortlists': { body: [item] },
      'POST /api/admin/shortlists/5': { body: { requestId: 5, caregiverIds: [12, 40] } },
    });
    renderRoute(
      <main>
        <AdminShortlistsPanel />
      </main>,
      { path: '/admin', user: makeUser({ userType: 'admin' }) },
    );
    expect(
      await screen.findByText(/Senior care & Nurses in Kingston, Kingston — Sandra Campbell/),
    ).toBeVisible();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
    fireEvent.change(screen.getByLabelText('Caregiver numbers (up to 3)'), {
      target: { value: '1, 2, 3, 4' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send shortlist' }));
    expect(
      await screen.findByText('Enter one to three caregiver numbers, separated by commas.'),
    ).toBeVisible();
    fireEvent.change(screen.getByLabelText('Caregiver numbers (up to 3)'), { target: { value: '12, 40' } });
    fireEvent.change(screen.getByLabelText('Note to the family'), {
      target: { value: 'Both know diabetes care.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send shortlist' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        caregiverIds: [12, 40],
        note: 'Both know diabetes care.',
      }),
    );
  });
});
