// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../components/ui/use-toast';
import { makeBooking, makeBookingCircle } from '../features/bookings/test-fixtures';
import { HostedFieldsContext } from '../features/payments/components/hosted-card-fields';
import {
  CardFieldsError,
  type CardToken,
  type HostedFieldsFactory,
} from '../features/payments/hosted-fields';
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

/**
 * Stands in for the provider's iframe (the real one is driven in e2e/booking-payment.e2e.test.ts): each
 * Pay answers the next outcome, a token or the fields' own refusal.
 */
function fakeCardFields(outcomes: (CardToken | CardFieldsError)[]) {
  const mounted: HTMLElement[] = [];
  const factory: HostedFieldsFactory = () => ({
    mount(container) {
      mounted.push(container);
    },
    async tokenize() {
      const next = outcomes.shift();
      if (!next) throw new CardFieldsError('no more outcomes');
      if (next instanceof CardFieldsError) throw next;
      return next;
    },
    unmount() {},
  });
  return { factory, mounted };
}

const render = (factory: HostedFieldsFactory) =>
  renderRoute(
    <HostedFieldsContext.Provider value={factory}>
      <PaymentPage />
    </HostedFieldsContext.Provider>,
    { path: '/payment/:bookingId', url: '/payment/7', user: makeUser() },
  );

describe('PaymentPage', () => {
  it('pays with the hosted fields’ token, never the card: a decline, then Payment Successful! with a new key', async () => {
    let attempt = 0;
    const { calls } = stubFetch({
      'GET /api/bookings/7': { body: makeBooking() },
      'POST /api/payments': () =>
        ++attempt === 1
          ? { status: 402, body: { ...authorized, status: 'declined', message: 'Your card was declined.' } }
          : { status: 201, body: authorized },
    });
    const fields = fakeCardFields([
      { token: 'tok_sbx_first', brand: 'visa', last4: '0002' },
      { token: 'tok_sbx_second', brand: 'visa', last4: '4242' },
    ]);
    render(fields.factory);
    await screen.findByTestId('payment-total');
    expect(screen.getByTestId('payment-total')).toHaveTextContent('J$ 3,150');
    // The button says what happens now: a hold, not a payment.
    expect(screen.getByRole('button', { name: 'Hold J$ 3,150' })).toBeInTheDocument();
    for (const tab of ['Card', 'PayPal', 'Bank transfer', 'Zelle', 'Cash App', 'Digital wallets']) {
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    }
    expect(fields.mounted).toHaveLength(1);
    // No card inputs of ours: the card is typed into the provider's fields only.
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Hold / }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(getToasts().some((t) => t.title === 'Payment Successful!')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /^Hold / }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/bookings?booking=7'));
    expect(getToasts()[0]).toMatchObject({
      title: 'Payment Successful!',
      description: 'J$ 3,150 is held on your Visa •••• 4242; you are charged after the visit.',
    });
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    const [k1, k2] = posts.map((c) => c.headers.get('idempotency-key'));
    expect(k1).toBeTruthy();
    expect(k2).toBeTruthy();
    expect(k1).not.toBe(k2);
    expect(posts[0].body).toEqual({ bookingId: 7, method: 'card', paymentToken: 'tok_sbx_first' });
    expect(posts[1].body).toEqual({ bookingId: 7, method: 'card', paymentToken: 'tok_sbx_second' });
  });

  it('shows the card fields’ message and sends nothing when they refuse the card', async () => {
    const { calls } = stubFetch({ 'GET /api/bookings/7': { body: makeBooking() } });
    render(fakeCardFields([new CardFieldsError('Your card has expired.', 'expiry')]).factory);
    await screen.findByTestId('payment-total');
    fireEvent.click(screen.getByRole('button', { name: /^Hold / }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has expired.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('retries a payment lost to the network with the same key and token', async () => {
    let attempt = 0;
    const { calls } = stubFetch({
      'GET /api/bookings/7': { body: makeBooking() },
      'POST /api/payments': () => {
        if (++attempt === 1) throw new TypeError('Failed to fetch');
        return { status: 201, body: authorized };
      },
    });
    render(fakeCardFields([{ token: 'tok_sbx_once', brand: 'visa', last4: '4242' }]).factory);
    await screen.findByTestId('payment-total');
    fireEvent.click(screen.getByRole('button', { name: /^Hold / }));
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: /^Hold / }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/bookings?booking=7'));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1].headers.get('idempotency-key')).toBe(posts[0].headers.get('idempotency-key'));
    expect(posts[1].body).toEqual(posts[0].body);
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

  it('says a card payment is held, on which card, and that it is charged after the visit', async () => {
    stubFetch({
      'GET /api/bookings/7': {
        body: makeBooking({
          payment: {
            id: 3,
            method: 'card',
            status: 'authorized',
            amount: '12600.00',
            cardBrand: 'visa',
            cardLast4: '4242',
            reference: null,
          },
        }),
      },
    });
    renderRoute(<PaymentPage />, { path: '/payment/:bookingId', url: '/payment/7', user: makeUser() });
    const status = await screen.findByTestId('payment-status');
    expect(status).toHaveTextContent('Card held');
    expect(status).not.toHaveTextContent(/paid/i);
    expect(screen.getByTestId('payment-outcome')).toHaveTextContent(
      'J$ 12,600 is held on your Visa •••• 4242; you are charged after the visit.',
    );
  });

  it('says per method who can use it: Zelle and Cash App not from Jamaican accounts, bank transfer in JMD', async () => {
    stubFetch({ 'GET /api/bookings/7': { body: makeBooking() } });
    render(fakeCardFields([]).factory);
    await screen.findByTestId('payment-total');
    for (const [tab, method, who] of [
      ['Zelle', 'zelle', /US bank accounts only: Zelle does not work with Jamaican accounts/],
      ['Cash App', 'cashapp', /US and UK Cash App accounts only/],
      ['Bank transfer', 'bank', /Any Jamaican bank account .* in JMD/],
    ] as const) {
      const trigger = screen.getByRole('tab', { name: tab });
      fireEvent.mouseDown(trigger);
      fireEvent.click(trigger);
      const info = await screen.findByTestId(`method-info-${method}`);
      expect(info).toHaveTextContent(who);
      expect(info).toHaveTextContent(/reference code/);
      expect(info).toHaveTextContent(/confirms the payment by hand/);
    }
  });

  it('a care circle’s booking is paid by a payer of the circle, not its booker, and only once approved', async () => {
    const circleBooking = (status: 'pending' | 'awaiting_approval', canPay: boolean) =>
      makeBooking({
        status,
        familyId: 2,
        circle: makeBookingCircle({ approval: null, canApprove: false, canPay }),
      });
    // The payer (not the booker: familyId 2) gets the form.
    stubFetch({ 'GET /api/bookings/7': { body: circleBooking('pending', true) } });
    const payer = render(fakeCardFields([]).factory);
    expect(await screen.findByRole('tab', { name: 'Card' })).toBeVisible();
    expect(screen.queryByText(/Only the family who made this booking/)).toBeNull();
    payer.unmount();

    // A coordinator who is not a payer is told who pays.
    stubFetch({ 'GET /api/bookings/7': { body: { ...circleBooking('pending', false), familyId: 1 } } });
    const coordinator = render(fakeCardFields([]).factory);
    expect(
      await screen.findByText('A payer in the circle for Hyacinth pays for this booking.'),
    ).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Card' })).toBeNull();
    coordinator.unmount();

    stubFetch({ 'GET /api/bookings/7': { body: circleBooking('awaiting_approval', false) } });
    render(fakeCardFields([]).factory);
    expect(
      await screen.findByText(
        'This booking is waiting for a payer’s approval. It can be paid once approved.',
      ),
    ).toBeVisible();
  });

  it('a payer reading GBP sees the total estimated in pounds, with the rate’s date, and that the charge is in JMD', async () => {
    const { calls } = stubFetch({
      'GET /api/bookings/7': {
        body: makeBooking({ circle: makeBookingCircle({ canPay: true, approval: null }) }),
      },
      'GET /api/fx-rates': {
        body: {
          rates: [
            {
              currency: 'GBP',
              jmdPerUnit: '205.4000',
              rateDate: '2099-05-30',
              updatedAt: '2099-05-31T12:00:00Z',
            },
          ],
        },
      },
    });
    renderRoute(<PaymentPage />, {
      path: '/payment/:bookingId',
      url: '/payment/7',
      user: makeUser({ timeZone: 'Europe/London', currency: 'GBP' }),
    });
    // 3,150 ÷ 205.40 = 15.336… → £15.34.
    expect(await screen.findByTestId('payment-estimate')).toHaveTextContent(
      '≈ £15.34 at J$ 205.40 per £ on 30 May 2099 — you are charged J$ 3,150. Estimate for reading only: the charge is in Jamaican dollars.',
    );
    expect(calls.filter((c) => c.url === '/api/fx-rates')).toHaveLength(1);
  });

  it('no estimate, and no rates asked for, for a family reading JMD', async () => {
    const { calls } = stubFetch({ 'GET /api/bookings/7': { body: makeBooking() } });
    render(fakeCardFields([]).factory);
    await screen.findByTestId('payment-total');
    expect(screen.queryByTestId('payment-estimate')).toBeNull();
    expect(calls.some((c) => c.url === '/api/fx-rates')).toBe(false);
  });
});
