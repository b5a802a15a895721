import { createSandboxProvider, type PaymentProvider } from '../../adapters/payments';

let current: PaymentProvider = createSandboxProvider();

/** The provider settlement talks to (set by buildApp; the sandbox until then). */
export function setPaymentProvider(provider: PaymentProvider): void {
  current = provider;
}

export function paymentProvider(): PaymentProvider {
  return current;
}
