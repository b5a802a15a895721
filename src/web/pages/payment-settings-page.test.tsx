// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_MESSAGES } from '../../shared/contracts/payment-methods';
import { HostedFieldsContext } from '../features/payments/components/hosted-card-fields';
import type { HostedFieldsFactory } from '../features/payments/hosted-fields';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import PaymentSettingsPage from './payment-settings-page';

const card = (id: number, last4: string, isDefault: boolean) => ({
  id,
  brand: 'visa',
  last4,
  expMonth: 12,
  expYear: 2035,
  isDefault,
  createdAt: '2099-06-01T14:00:00.000Z',
});

/** Stands in for the provider's iframe: Save card hands back a token, never the card. */
const fields: HostedFieldsFactory = () => ({
  mount() {},
  async tokenize() {
    return { token: 'tok_sbx_saved', brand: 'visa', last4: '4242' };
  },
  unmount() {},
});

const render = () =>
  renderRoute(
    <HostedFieldsContext.Provider value={fields}>
      <PaymentSettingsPage />
    </HostedFieldsContext.Provider>,
    { path: '/payment-settings', user: makeUser({ userType: 'family' }) },
  );

describe('PaymentSettingsPage for a family', () => {
  it('lists saved cards, saves a new one with the hosted fields’ token, and makes one the default', async () => {
    let cards = [card(1, '4242', true), card(2, '0002', false)];
    const { calls } = stubFetch({
      'GET /api/payment-methods': () => ({ body: cards }),
      'POST /api/payment-methods': () => {
        cards = [...cards, card(3, '4444', false)];
        return { status: 201, body: cards[2] };
      },
      'POST /api/payment-methods/2/default': () => {
        cards = [card(2, '0002', true), card(1, '4242', false), card(3, '4444', false)];
        return { body: cards[0] };
      },
    });
    render();
    expect(await screen.findAllByTestId('saved-card')).toHaveLength(2);
    expect(screen.getByText(PAYMENT_METHOD_MESSAGES.honesty, { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Default')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.getAllByTestId('saved-card')).toHaveLength(3));
    const saved = calls.find((c) => c.method === 'POST' && c.url === '/api/payment-methods');
    expect(saved?.body).toEqual({ paymentToken: 'tok_sbx_saved' });
    fireEvent.click(screen.getByRole('button', { name: 'Make Visa •••• 0002 the default card' }));
    await waitFor(() => expect(screen.getAllByTestId('saved-card')[0]).toHaveTextContent('•••• 0002'));
  });

  it('says so when there is no saved card', async () => {
    stubFetch({ 'GET /api/payment-methods': { body: [] } });
    render();
    expect(await screen.findByTestId('no-saved-cards')).toHaveTextContent('No saved cards yet.');
  });
});
