// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HostedFieldsContext } from '../features/payments/components/hosted-card-fields';
import type { HostedFieldsFactory } from '../features/payments/hosted-fields';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import PlanCheckoutPage from './plan-checkout-page';

/** Stands in for the provider's iframe: Pay hands back a token, never the card. */
const fields: HostedFieldsFactory = () => ({
  mount() {},
  async tokenize() {
    return { token: 'tok_sbx_plan', brand: 'visa', last4: '4242' };
  },
  unmount() {},
});

const basic = {
  plan: 'basic',
  status: 'none',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  pendingPlan: null,
  nextRetryAt: null,
  card: null,
  unlocks: [],
};

const render = (url = '/plans/family') =>
  renderRoute(
    <HostedFieldsContext.Provider value={fields}>
      <PlanCheckoutPage />
    </HostedFieldsContext.Provider>,
    { path: '/plans/:plan', url, user: makeUser({ userType: 'family' }) },
  );

describe('PlanCheckoutPage', () => {
  it('pays the first month with the hosted fields’ token only, then shows the plan in settings', async () => {
    const { calls } = stubFetch({
      'GET /api/subscriptions/me': { body: basic },
      'POST /api/subscriptions': {
        status: 201,
        body: { ...basic, plan: 'family', status: 'active', currentPeriodEnd: '2099-07-15T14:00:00.000Z' },
      },
    });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose the Family Plan' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay J$ 999 and start the Family Plan' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/settings'));
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/subscriptions');
    expect(sent?.body).toEqual({ plan: 'family', paymentToken: 'tok_sbx_plan' });
  });

  it('offers the default saved card first and pays with it (its id, no token)', async () => {
    const { calls } = stubFetch({
      'GET /api/subscriptions/me': { body: basic },
      'GET /api/payment-methods': {
        body: [
          {
            id: 7,
            brand: 'visa',
            last4: '1111',
            expMonth: 12,
            expYear: 2035,
            isDefault: false,
            createdAt: '2099-01-01T00:00:00Z',
          },
          {
            id: 9,
            brand: 'visa',
            last4: '4242',
            expMonth: 12,
            expYear: 2035,
            isDefault: true,
            createdAt: '2099-01-02T00:00:00Z',
          },
        ],
      },
      'POST /api/subscriptions': { status: 201, body: { ...basic, plan: 'family', status: 'active' } },
    });
    render();
    const saved = await screen.findByRole('radio', { name: 'Saved card •••• 4242' });
    expect(saved).toBeChecked();
    expect(screen.queryByTestId('card-fields')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay J$ 999 and start the Family Plan' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/settings'));
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/subscriptions');
    expect(sent?.body).toEqual({ plan: 'family', paymentMethodId: 9 });
  });

  it('shows a refused card’s reason and stays on the page', async () => {
    stubFetch({
      'GET /api/subscriptions/me': { body: basic },
      'POST /api/subscriptions': {
        status: 402,
        body: { code: 'CARD_DECLINED', message: 'Your card was declined.' },
      },
    });
    render('/plans/premium');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay J$ 1,999 and start the Premium' }));
    expect(await screen.findByText(/Your card was declined/)).toBeInTheDocument();
  });

  it('answers an unknown plan with a clear page', () => {
    stubFetch();
    render('/plans/gold');
    expect(screen.getByRole('heading', { level: 1, name: 'Plan not found' })).toBeInTheDocument();
  });
});
