// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../../../components/ui/use-toast';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { makeBooking } from '../test-fixtures';
import { TipButton, TipNote } from './tip-button';

const card = (id: number, last4: string, isDefault: boolean) => ({
  id,
  brand: 'visa',
  last4,
  expMonth: 12,
  expYear: 2035,
  isDefault,
  createdAt: '2026-11-01T12:00:00.000Z',
});

// A completed 4-hour visit: J$ 6,300 in all, so tips up to J$ 3,150.
const completed = (over: Record<string, unknown> = {}) =>
  makeBooking({ id: 21, status: 'completed', totalCost: '6300.00', canTip: true, tip: null, ...over });

describe('TipButton', () => {
  it('is not offered unless the booking says the viewer may tip', () => {
    stubFetch({});
    renderRoute(<TipButton booking={completed({ canTip: false })} caregiver="Shanique" />, {
      path: '/bookings',
      user: makeUser(),
    });
    expect(screen.queryByRole('button', { name: 'Add a tip' })).toBeNull();
  });

  it('tips a preset amount on the default card, with one Idempotency-Key, and thanks with a toast', async () => {
    const { calls } = stubFetch({
      'GET /api/payment-methods': { body: [card(1, '1111', false), card(2, '4242', true)] },
      'POST /api/bookings/21/tip': {
        status: 201,
        body: {
          id: 5,
          bookingId: 21,
          amount: '2000.00',
          cardBrand: 'visa',
          cardLast4: '4242',
          createdAt: '',
        },
      },
    });
    renderRoute(<TipButton booking={completed()} caregiver="Shanique" />, {
      path: '/bookings',
      user: makeUser(),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add a tip' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('100 % goes to Shanique');
    expect(await screen.findByLabelText('Card to charge')).toHaveValue('2');
    fireEvent.click(screen.getByLabelText('J$ 2,000'));
    expect(screen.getByTestId('tip-total')).toHaveTextContent('Total: J$ 2,000');
    fireEvent.click(screen.getByRole('button', { name: 'Tip J$ 2,000' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ amount: '2000.00', paymentMethodId: 2 });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(getToasts().at(-1)?.description).toContain('Shanique receives your J$ 2,000 tip');
  });

  it('takes a custom amount and refuses one over the visit’s limit before sending', async () => {
    const { calls } = stubFetch({ 'GET /api/payment-methods': { body: [card(2, '4242', true)] } });
    renderRoute(<TipButton booking={completed()} caregiver="Shanique" />, {
      path: '/bookings',
      user: makeUser(),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add a tip' }));
    fireEvent.click(screen.getByLabelText('Other amount'));
    fireEvent.change(screen.getByLabelText(/Amount in J\$/), { target: { value: '5000' } });
    expect(screen.getByRole('alert')).toHaveTextContent('The largest tip for this visit is J$ 3,150.');
    expect(screen.getByRole('button', { name: 'Tip' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/Amount in J\$/), { target: { value: '50' } });
    expect(screen.getByRole('alert')).toHaveTextContent('The smallest tip is J$ 100.');
    fireEvent.change(screen.getByLabelText(/Amount in J\$/), { target: { value: '1500' } });
    expect(screen.getByTestId('tip-total')).toHaveTextContent('Total: J$ 1,500');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('without a saved card, links to the payment settings to add one', async () => {
    stubFetch({ 'GET /api/payment-methods': { body: [] } });
    renderRoute(<TipButton booking={completed()} caregiver="Shanique" />, {
      path: '/bookings',
      user: makeUser(),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add a tip' }));
    const link = await screen.findByRole('link', { name: 'Add a card in payment settings' });
    expect(link).toHaveAttribute('href', '/payment-settings');
    expect(screen.getByRole('button', { name: 'Tip J$ 1,000' })).toBeDisabled();
  });

  it('shows the server’s refusal in a toast and keeps the dialog open', async () => {
    stubFetch({
      'GET /api/payment-methods': { body: [card(2, '4242', true)] },
      'POST /api/bookings/21/tip': {
        status: 409,
        body: { code: 'TIP_ALREADY_GIVEN', message: 'This visit already has a tip.' },
      },
    });
    renderRoute(<TipButton booking={completed()} caregiver="Shanique" />, {
      path: '/bookings',
      user: makeUser(),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add a tip' }));
    await screen.findByLabelText('Card to charge');
    fireEvent.click(screen.getByRole('button', { name: 'Tip J$ 1,000' }));
    await waitFor(() => expect(getToasts().at(-1)?.description).toBe('This visit already has a tip.'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('TipNote', () => {
  it('says how much was tipped', () => {
    stubFetch({});
    renderRoute(<TipNote booking={completed({ canTip: false, tip: { amount: '1000.00', at: '' } })} />, {
      path: '/bookings',
      user: makeUser(),
    });
    expect(screen.getByTestId('tip-note')).toHaveTextContent('You tipped J$ 1,000');
  });
});
