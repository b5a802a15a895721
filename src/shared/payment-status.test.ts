import { describe, expect, it } from 'vitest';
import { paymentOutcome, paymentStatusLabel } from './payment-status';

describe('payment status words', () => {
  it('says a card is held, then charged, refunded or released: never "Paid" before the service', () => {
    expect(paymentStatusLabel('authorized', 'card')).toBe('Card held');
    expect(paymentStatusLabel('captured')).toBe('Charged');
    expect(paymentStatusLabel('refunded')).toBe('Refunded');
    expect(paymentStatusLabel('voided')).toBe('Released');
    expect(paymentStatusLabel('authorized', 'paypal')).toBe('Held on PayPal');
  });

  it('tells the family what actually happened to their money, with the currency', () => {
    expect(
      paymentOutcome({ status: 'authorized', amount: '12600.00', cardBrand: 'visa', cardLast4: '4242' }),
    ).toBe('J$ 12,600 is held on your Visa •••• 4242; you are charged after the visit.');
    expect(paymentOutcome({ status: 'captured', amount: '3150.00' })).toBe(
      'J$ 3,150 was charged after the visit.',
    );
    expect(paymentOutcome({ status: 'declined', amount: '3150.00' })).toBeNull();
  });
});
