// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { CaregiverRequest } from './caregiver-request';
import { makeRequest } from './test-fixtures';

describe('CaregiverRequest', () => {
  it('shows the request with the family’s first name only and applies with a message and rate', async () => {
    const { calls } = stubFetch({
      'POST /api/care-requests/5/applications': { status: 201, body: { id: 3, contactDetailsMasked: false } },
    });
    renderRoute(
      <main>
        <CaregiverRequest request={makeRequest({ myApplication: null })} />
      </main>,
      {
        path: '/care-requests/5',
        user: makeUser({ userType: 'caregiver' }),
      },
    );
    expect(screen.getByText(/Posted by Sandra\./)).toBeVisible();
    expect(screen.getByText(/J\$ 1,200 – J\$ 2,000 an hour/)).toBeVisible();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Write a short message')).toBeVisible();
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('A short message to the family'), {
      target: { value: 'Nurse aide, five years with elders.' },
    });
    fireEvent.change(screen.getByLabelText('Your rate (J$ an hour)'), { target: { value: '1600' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() =>
      expect(calls[0]?.body).toEqual({ message: 'Nurse aide, five years with elders.', hourlyRate: 1600 }),
    );
  });

  it('says what became of an application', () => {
    stubFetch();
    renderRoute(
      <main>
        <CaregiverRequest
          request={makeRequest({
            status: 'filled',
            myApplication: { id: 3, status: 'declined', hourlyRate: '1600.00' },
          })}
        />
      </main>,
      { path: '/care-requests/5', user: makeUser({ userType: 'caregiver' }) },
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'You applied at J$ 1,600 an hour. The family chose someone else this time.',
    );
    expect(screen.queryByRole('button', { name: 'Send application' })).toBeNull();
  });
});
