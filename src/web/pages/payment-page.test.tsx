// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../components/ui/use-toast';
import { makeBooking } from '../features/bookings/test-fixtures';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import PaymentPage from './payment-page';

const authorized = {
  id: 3,
  bookingId: 7,
  method: 'card',
  status: 'authorized',
  amount: '3150.00',
  capturedAmount: '0',
  refundedAmount: '0',
  cardBrand: 'visa',
  cardLast4: '4242',
  reference: null,
  instructions: null,
  message: null,
  createdAt: '2099-06-01T14:00:00.000Z',
};

function fillCard(number: string) {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '12/30' } });
  fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123' } });
}

describe('PaymentPage', () => {
  it('shows the decline reason, then pays with a new Idempotency-Key and says Payment Successful!', async () => {
    let attempt = 0;
    const { calls } = stubFetch({
      'GET /api/bookings/7': { body: makeBooking() },
      'POST /api/payments': () =>
        ++attempt === 1
          ? { status: 402, body: { ...authorized, status: 'declined', message: 'Your card was declined.' } }
          : { status: 201, body: authorized },
    });
    renderRoute(<PaymentPage />, { path: '/payment/:bookingId', url: '/payment/7', user: makeUser() });
    await screen.findByTestId('payment-total');
    expect(screen.getByTestId('payment-total')).toHaveTextContent('3,150');
    for (const tab of ['Card', 'PayPal', 'Bank transfer', 'Zelle', 'Cash App', 'Digital wallets']) {
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    }
    fillCard('4000 0000 0000 0002');
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await screen.findByText('Your card was declined.');
    expect(getToasts().some((t) => t.title === 'Payment Successful!')).toBe(false);

    fillCard('4242 4242 4242 4242');
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/bookings'));
    expect(getToasts()[0]).toMatchObject({ title: 'Payment Successful!' });
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    const [k1, k2] = posts.map((c) => c.headers.get('idempotency-key'));
    expect(k1).toBeTruthy();
    expect(k2).toBeTruthy();
    expect(k1).not.toBe(k2);
    expect(posts[1].body).toMatchObject({
      bookingId: 7,
      method: 'card',
      card: { number: '4242424242424242' },
    });
  });

  it('checks the card fields before sending anything', async () => {
    const { calls } = stubFetch({ 'GET /api/bookings/7': { body: makeBooking() } });
    renderRoute(<PaymentPage />, { path: '/payment/:bookingId', url: '/payment/7', user: makeUser() });
    await screen.findByTestId('payment-total');
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    expect(await screen.findByText('Enter the card number.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows an existing payment instead of the form', async () => {
    stubFetch({
      'GET /api/bookings/7': {
        body: makeBooking({
          payment: {
            id: 3,
            method: 'bank',
            status: 'awaiting_transfer',
            amount: '3150.00',
            cardBrand: null,
            cardLast4: null,
            reference: 'YC-7-ABCDE',
          },
        }),
      },
    });
    renderRoute(<PaymentPage />, { path: '/payment/:bookingId', url: '/payment/7', user: makeUser() });
    expect(await screen.findByText('YC-7-ABCDE')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Card' })).not.toBeInTheDocument();
  });
});
