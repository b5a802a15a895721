// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { CareRequestForm } from './request-form';

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('CareRequestForm', () => {
  it('names every field that is wrong, beside it, before sending anything, and passes axe', async () => {
    const { calls } = stubFetch();
    renderRoute(
      <main>
        <CareRequestForm />
      </main>,
      { path: '/care-requests/new', user: makeUser() },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Post request' }));
    expect(await screen.findByText('Choose the kind of care')).toBeVisible();
    expect(screen.getByText('Choose a parish')).toBeVisible();
    expect(screen.getByText('Enter a town')).toBeVisible();
    expect(field('Kind of care')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });

  it('posts the request and opens it, saying when contact details were hidden', async () => {
    const { calls } = stubFetch({
      'POST /api/care-requests': { status: 201, body: { id: 9, contactDetailsMasked: true } },
    });
    renderRoute(
      <main>
        <CareRequestForm />
      </main>,
      { path: '/care-requests/new', user: makeUser() },
    );
    fireEvent.change(field('Kind of care'), { target: { value: 'senior-care' } });
    fireEvent.change(field('Parish'), { target: { value: 'Kingston' } });
    fireEvent.change(field('Town'), { target: { value: 'Half Way Tree' } });
    fireEvent.change(field('Start date'), { target: { value: '2099-06-03' } });
    fireEvent.change(field('Budget from (J$ an hour, optional)'), { target: { value: '1200' } });
    fireEvent.click(screen.getByLabelText('Wednesday'));
    fireEvent.change(field('Describe the care you need'), {
      target: { value: 'Help for my mother with meals and her tablets at noon.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Post request' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/care-requests/9?masked=1'),
    );
    expect(calls[0].body).toMatchObject({
      kind: 'senior-care',
      parish: 'Kingston',
      town: 'Half Way Tree',
      startDate: '2099-06-03',
      startTime: '09:00',
      hours: 4,
      budgetMinJmd: 1200,
      weekdays: ['wednesday'],
    });
  });

  it('shows the server’s field errors beside the fields', async () => {
    stubFetch({
      'POST /api/care-requests': {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          requestId: 'r',
          errors: [{ path: 'startDate', message: 'Choose a start date from today on.' }],
        },
      },
    });
    renderRoute(
      <main>
        <CareRequestForm />
      </main>,
      { path: '/care-requests/new', user: makeUser() },
    );
    fireEvent.change(field('Kind of care'), { target: { value: 'tutors' } });
    fireEvent.change(field('Parish'), { target: { value: 'St. Ann' } });
    fireEvent.change(field('Town'), { target: { value: 'Ocho Rios' } });
    fireEvent.change(field('Start date'), { target: { value: '2099-06-03' } });
    fireEvent.change(field('Describe the care you need'), {
      target: { value: 'Maths tutoring for a 12-year-old.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Post request' }));
    expect(await screen.findByText('Choose a start date from today on.')).toBeVisible();
    expect(field('Start date')).toHaveAttribute('aria-invalid', 'true');
  });
});
