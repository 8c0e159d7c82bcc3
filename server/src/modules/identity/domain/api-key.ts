import { createHash, randomBytes } from 'node:crypto';

/** Bytes of randomness in a reseller API key: 160 bits, shown as 40 hex characters. */
export const API_KEY_BYTES = 20;

export function newApiKey(): string {
  return randomBytes(API_KEY_BYTES).toString('hex');
}

/** What the key is looked up by (unique column); the key itself is never compared in plaintext. */
export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
