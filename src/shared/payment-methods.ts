/**
 * Who can use each of the spec's payment methods, and how it works, in the words the payment screen shows.
 * Zelle and Cash App do not work with Jamaican accounts; a local bank transfer in JMD works from any
 * Jamaican bank, with a reference code and a manual confirmation by our team.
 */
import type { PaymentMethodValue } from './contracts/payments';

export interface PaymentMethodInfo {
  /** Who can pay this way. */
  who: string;
  /** What happens when they do. */
  how: string;
}

export const PAYMENT_METHOD_INFO: Record<PaymentMethodValue, PaymentMethodInfo> = {
  card: {
    who: 'Credit and debit cards (Visa, Mastercard and others), issued in Jamaica or abroad.',
    how: 'The amount is held on your card now and charged only after the visit. If the caregiver declines, the hold is released.',
  },
  paypal: {
    who: 'Any PayPal account; PayPal converts to JMD when yours is in another currency.',
    how: 'You approve the amount with PayPal; it is held now and charged only after the visit.',
  },
  bank: {
    who: 'Any Jamaican bank account (NCB, Scotiabank, JN, Sagicor, CIBC FirstCaribbean and others), in JMD.',
    how: 'We give you our account details and a reference code. Quote the code with your transfer; our team confirms the payment by hand when it arrives (usually 1–2 business days).',
  },
  zelle: {
    who: 'US bank accounts only: Zelle does not work with Jamaican accounts. From a Jamaican account, use a bank transfer (JMD) or a card.',
    how: 'We give you our Zelle address and a reference code for the memo; our team confirms the payment by hand when it arrives.',
  },
  cashapp: {
    who: 'US and UK Cash App accounts only: Cash App does not work with Jamaican accounts. From a Jamaican account, use a bank transfer (JMD) or a card.',
    how: 'We give you our Cash App tag and a reference code for the note; our team confirms the payment by hand when it arrives.',
  },
  digital: {
    who: 'Apple Pay or Google Pay, with any card in your wallet.',
    how: 'The amount is held on the card in your wallet now and charged only after the visit.',
  },
};
