import { randomBytes } from 'node:crypto';

/**
 * Where uploaded files live. Keys are chosen by the server (never by the client) and look like
 * `documents/12/9f…c1.pdf`. Nothing in storage has a public URL: routes read it and decide who may see it.
 * Backends (ADR 0016): PostgreSQL (the default), S3-compatible object storage when S3_BUCKET is set, and
 * the local folder that older versions wrote to (now only the source of `npm run files:migrate`).
 */
export interface FileStorage {
  readonly kind: 'local' | 'postgres' | 's3';
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or undefined when the key holds nothing. */
  get(key: string): Promise<Buffer | undefined>;
  /** The stored size in bytes, or undefined when the key holds nothing. */
  size(key: string): Promise<number | undefined>;
  /** Removes the key; nothing happens when it holds nothing. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

export function isValidKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((part) => part === '' || part === '.' || part === '..');
}

/** Throws on a key the server would never have made (a bug, not user input: keys never come from clients). */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key.slice(0, 210))}`);
}

/** A random key under a prefix: `documents/12/<32 hex>.pdf`. */
export function newStorageKey(prefix: string, ext: string): string {
  return `${prefix}/${randomBytes(16).toString('hex')}.${ext}`;
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** The content type of a key from its extension (the keys' extensions come from the sniffed type). */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}
