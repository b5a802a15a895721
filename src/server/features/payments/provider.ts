import { hkdfSync } from 'node:crypto';
import { createSandboxProvider, type PaymentProvider } from '../../adapters/payments';
import type { Env } from '../../env';
import { loadPayoutKey } from '../payouts/crypto';

let current: PaymentProvider = createSandboxProvider();

/** The provider settlement talks to (set by buildApp; the sandbox until then). */
export function setPaymentProvider(provider: PaymentProvider): void {
  current = provider;
}

export function paymentProvider(): PaymentProvider {
  return current;
}

/**
 * The key the sandbox signs its card tokens with: derived from a secret every server instance already
 * shares (the payout encryption key), so a token made through one instance pays through another.
 */
export function sandboxTokenSecret(
  env: Pick<Env, 'payoutEncryptionKey' | 'nodeEnv' | 'demoMode' | 'dataDir'>,
) {
  return Buffer.from(hkdfSync('sha256', loadPayoutKey(env), '', 'yaadcare sandbox card tokens', 32));
}
