// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCircle } from '../features/circles/test-fixtures';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import CirclesPage from './circles-page';

describe('CirclesPage', () => {
  it('explains what a care circle is when the family has none', async () => {
    stubFetch({ 'GET /api/circles': { body: { circles: [] } } });
    renderRoute(<CirclesPage />, { path: '/circles', user: makeUser() });
    expect(await screen.findByRole('heading', { level: 2, name: 'What is a care circle?' })).toBeVisible();
    expect(screen.getByText(/You are not in a care circle yet/)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Care circles' })).toBeVisible();
    expect(screen.getByRole('form', { name: 'Create a circle' })).toBeVisible();
  });

  it('lists my circles with the recipient and my roles', async () => {
    stubFetch({
      'GET /api/circles': {
        body: {
          circles: [
            {
              id: 5,
              name: 'Mummy’s care',
              recipientFirstName: 'Mummy',
              recipientParish: 'Manchester',
              recipientTown: 'Mandeville',
              myRoles: ['coordinator', 'payer'],
            },
            {
              id: 6,
              name: 'Grandpa',
              recipientFirstName: 'Grandpa',
              recipientParish: 'Kingston',
              recipientTown: 'Kingston',
              myRoles: [],
            },
          ],
        },
      },
    });
    renderRoute(<CirclesPage />, { path: '/circles', user: makeUser() });
    const link = await screen.findByRole('link', { name: /Mummy’s care/ });
    expect(link).toHaveAttribute('href', '/circles/5');
    expect(link).toHaveTextContent('Mummy, Mandeville, Manchester');
    expect(link).toHaveTextContent('Your role: Coordinator and payer');
    const other = screen.getByRole('link', { name: /Grandpa/ });
    expect(other).toHaveTextContent('Grandpa, Kingston');
    expect(other).toHaveTextContent('Your role: Viewer');
    expect(screen.queryByText('What is a care circle?')).toBeNull();
  });

  it('opens the new circle once it is created', async () => {
    stubFetch({
      'GET /api/circles': { body: { circles: [] } },
      'POST /api/circles': { status: 201, body: makeCircle({ id: 12 }) },
    });
    renderRoute(<CirclesPage />, { path: '/circles', user: makeUser() });
    await screen.findByRole('form', { name: 'Create a circle' });
    fireEvent.change(screen.getByLabelText('Name of the circle'), { target: { value: 'Mummy’s care' } });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Mummy' } });
    fireEvent.change(screen.getByLabelText('Parish'), { target: { value: 'Manchester' } });
    fireEvent.change(screen.getByLabelText('Town or district'), { target: { value: 'Mandeville' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the circle' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/circles/12'));
  });
});
