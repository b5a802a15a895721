import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Env, EnvError } from '../env';

export const KEY_FILE = 'payout-encryption.key';

/**
 * The AES-256 key for payout account numbers: PAYOUT_ENCRYPTION_KEY; without it, in demo or
 * development mode, a random key kept in DATA_DIR/payout-encryption.key (made once, mode 0600) so a
 * fresh machine just works; tests use a fixed key. Production without a key refuses to start.
 */
export function loadPayoutKey(
  env: Pick<Env, 'payoutEncryptionKey' | 'nodeEnv' | 'demoMode' | 'dataDir'>,
): Buffer {
  if (env.payoutEncryptionKey) {
    const k = env.payoutEncryptionKey;
    return /^[0-9a-fA-F]{64}$/.test(k) ? Buffer.from(k, 'hex') : Buffer.from(k, 'base64');
  }
  if (env.nodeEnv === 'test') return createHash('sha256').update('yaadcare-test-payout-key').digest();
  if (!env.demoMode && env.nodeEnv === 'production') {
    throw new EnvError(
      'PAYOUT_ENCRYPTION_KEY is not set: give 32 random bytes as 64 hex characters (e.g. `openssl rand -hex 32`).',
    );
  }
  const dir = resolve(env.dataDir);
  const file = join(dir, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  const hex = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new EnvError(`${file} does not hold a 64-hex-character key.`);
  return Buffer.from(hex, 'hex');
}

/** 'v1.' + base64(iv ‖ tag ‖ ciphertext), AES-256-GCM with a random 12-byte IV. */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64')}`;
}

export function decryptSecret(key: Buffer, sealed: string): string {
  if (!sealed.startsWith('v1.')) throw new Error('Unknown secret format');
  const raw = Buffer.from(sealed.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
