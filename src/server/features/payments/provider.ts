import { hkdfSync } from 'node:crypto';
import { loadPayoutKey } from '../../core/payout-key';
import type { Env } from '../../env';

/**
 * The key the sandbox signs its card tokens with: derived from a secret every server instance already
 * shares (the payout encryption key), so a token made through one instance pays through another.
 */
export function sandboxTokenSecret(
  env: Pick<Env, 'payoutEncryptionKey' | 'nodeEnv' | 'demoMode' | 'dataDir'>,
) {
  return Buffer.from(hkdfSync('sha256', loadPayoutKey(env), '', 'yaadcare sandbox card tokens', 32));
}
