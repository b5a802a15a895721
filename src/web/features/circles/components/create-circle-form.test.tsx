// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { makeCircle } from '../test-fixtures';
import { CreateCircleForm } from './create-circle-form';

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillRequired() {
  type('Name of the circle', 'Mummy’s care');
  type('First name', 'Mummy');
  fireEvent.change(screen.getByLabelText('Parish'), { target: { value: 'Manchester' } });
  type('Town or district', 'Mandeville');
}

/** The message shown beside a field: the text its aria-describedby points at. */
function describedBy(label: string) {
  const input = screen.getByLabelText(label);
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
}

describe('CreateCircleForm', () => {
  it('checks the form with the shared contract before sending anything', async () => {
    const { calls } = stubFetch();
    renderRoute(<CreateCircleForm onCreated={() => {}} />, { user: makeUser() });
    fireEvent.click(screen.getByRole('button', { name: 'Create the circle' }));
    await waitFor(() => expect(screen.getByLabelText('Parish')).toHaveAttribute('aria-invalid', 'true'));
    expect(describedBy('Name of the circle')).toContain('Circle name is required');
    expect(describedBy('First name')).toContain('First name is required');
    expect(describedBy('Parish')).toContain('Parish is required');
    expect(describedBy('Town or district')).toContain('Town is required');
    // Half an emergency contact is not enough.
    type('Contact name', 'Paul Brown');
    fireEvent.click(screen.getByRole('button', { name: 'Create the circle' }));
    await waitFor(() =>
      expect(describedBy('Contact phone')).toContain('Emergency contact phone is required'),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends the circle (no emergency contact when both boxes are empty) and hands back the answer', async () => {
    const circle = makeCircle();
    const { calls } = stubFetch({ 'POST /api/circles': { status: 201, body: circle } });
    const onCreated = vi.fn();
    renderRoute(<CreateCircleForm onCreated={onCreated} />, { user: makeUser() });
    fillRequired();
    type('Needs (optional)', 'Help with meals');
    fireEvent.click(screen.getByLabelText('Payers must approve every booking'));
    fireEvent.click(screen.getByRole('button', { name: 'Create the circle' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(circle));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/circles');
    expect(post?.body).toMatchObject({
      name: 'Mummy’s care',
      approvalRequired: true,
      recipient: {
        firstName: 'Mummy',
        parish: 'Manchester',
        town: 'Mandeville',
        needs: 'Help with meals',
        emergencyContact: null,
      },
    });
  });

  it('shows the server’s 400 field errors beside their fields, and the rest above the form', async () => {
    stubFetch({
      'POST /api/circles': {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Town is too long (recipient.town)',
          errors: [
            { path: 'recipient.town', message: 'Town is too long' },
            { path: 'recipient.somethingNew', message: 'Something new is wrong' },
          ],
        },
      },
    });
    const onCreated = vi.fn();
    renderRoute(<CreateCircleForm onCreated={onCreated} />, { user: makeUser() });
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Create the circle' }));
    await waitFor(() => expect(describedBy('Town or district')).toContain('Town is too long'));
    expect(screen.getByLabelText('Town or district')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Something new is wrong');
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('says why when the server refuses without field errors', async () => {
    stubFetch({
      'POST /api/circles': {
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Too many circles for now' },
      },
    });
    renderRoute(<CreateCircleForm onCreated={() => {}} />, { user: makeUser() });
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Create the circle' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many circles for now');
  });
});
