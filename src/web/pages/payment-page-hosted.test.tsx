// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBooking } from '../features/bookings/test-fixtures';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import PaymentPage from './payment-page';

/** The payment page with PowerTranz's hosted page (ADR 0053); the real frame is driven in e2e/powertranz-3ds. */
const CONFIG = {
  body: {
    demoMode: false,
    supportEmail: 'help@yaadcare.jm',
    supportPhone: '+18765550100',
    supportUserId: 1,
    cardEntry: 'hosted-page',
  },
};
const STARTED = {
  body: {
    cardEntry: 'hosted-page',
    transactionIdentifier: '4f7c3a52-8a8e-5b8e-9a0e-3c1e2b1f0a11',
    redirectData: '<form></form>',
    amount: '3150.00',
    expiresAt: '2099-06-01T14:05:00.000Z',
  },
};
const authorized = {
  id: 3,
  bookingId: 7,
  method: 'card',
  status: 'authorized',
  amount: '3150.00',
  capturedAmount: '0',
  refundedAmount: '0',
  cardBrand: 'visa',
  cardLast4: '3220',
  reference: null,
  instructions: null,
  message: null,
  createdAt: '2099-06-01T14:00:00.000Z',
};

const render = () =>
  renderRoute(<PaymentPage />, { path: '/payment/:bookingId', url: '/payment/7', user: makeUser() });

/** The frame's window says something, as /powertranz/frame and /powertranz/response do. */
function fromFrame(data: Record<string, unknown>) {
  const frame = screen.getByTitle('Secure card payment') as HTMLIFrameElement;
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { source: 'yc-powertranz', ...data },
      origin: window.location.origin,
      source: frame.contentWindow,
    }),
  );
}

describe('PaymentPage with the PowerTranz hosted page', () => {
  it('opens the processor’s page for the server’s amount, then pays with the token it ends with', async () => {
    const { calls } = stubFetch({
      'GET /api/config': CONFIG,
      'GET /api/bookings/7': { body: makeBooking() },
      'POST /api/bookings/7/hosted-payment': STARTED,
      'POST /api/payments': { status: 201, body: authorized },
    });
    render();
    await screen.findByTestId('payment-total');
    const open = await screen.findByRole('button', { name: 'Enter card details' });
    // Cards only; no card fields of ours and no Hold button of ours (the page has its own).
    expect(screen.queryByRole('tab', { name: 'PayPal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Digital wallets' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Hold / })).not.toBeInTheDocument();
    fireEvent.click(open);
    const frame = await screen.findByTitle('Secure card payment');
    expect(frame.getAttribute('sandbox')).toBe('allow-forms allow-scripts allow-same-origin');
    expect(screen.getByText(/Enter your card on the secure page below/)).toHaveTextContent('J$ 3,150');
    fromFrame({
      type: 'result',
      ok: true,
      token: 'ptz_4f7c3a52-8a8e-5b8e-9a0e-3c1e2b1f0a11.spitoken123',
      code: 'HP0',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/bookings?booking=7'));
    const started = calls.find((c) => c.url.endsWith('/hosted-payment'));
    expect(started?.headers.get('idempotency-key')).toBeTruthy();
    const pay = calls.find((c) => c.url.endsWith('/api/payments'));
    expect(pay?.body).toEqual({
      bookingId: 7,
      method: 'card',
      paymentToken: 'ptz_4f7c3a52-8a8e-5b8e-9a0e-3c1e2b1f0a11.spitoken123',
    });
  });

  it('a card the page did not confirm shows the decline text and offers a new page', async () => {
    const { calls } = stubFetch({
      'GET /api/config': CONFIG,
      'GET /api/bookings/7': { body: makeBooking() },
      'POST /api/bookings/7/hosted-payment': STARTED,
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Enter card details' }));
    await screen.findByTitle('Secure card payment');
    fromFrame({ type: 'result', ok: false, code: '3D5' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    const again = await screen.findByRole('button', { name: 'Enter card details' });
    expect(again).toBeEnabled();
    // Opening a new page clears the old decline.
    fireEvent.click(again);
    await screen.findByTitle('Secure card payment');
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/api/payments'))).toBe(false);
  });

  it('shows why the page could not be opened', async () => {
    stubFetch({
      'GET /api/config': CONFIG,
      'GET /api/bookings/7': { body: makeBooking() },
      'POST /api/bookings/7/hosted-payment': {
        status: 502,
        body: { code: 'UPSTREAM_FAILED', message: 'The card processor did not answer.', requestId: 'r' },
      },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Enter card details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be opened|did not answer/);
  });
});
