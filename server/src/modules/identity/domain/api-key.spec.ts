import { randomBytes } from 'node:crypto';
import { API_KEY_BYTES, apiKeyHash, newApiKey, SecretBox } from './api-key.js';

describe('API keys', () => {
  it('are at least 128 random bits, distinct, and hashed with SHA-256', () => {
    expect(API_KEY_BYTES * 8).toBeGreaterThanOrEqual(128);
    const keys = new Set(Array.from({ length: 1000 }, newApiKey));
    expect(keys.size).toBe(1000);
    const key = [...keys][0]!;
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(apiKeyHash(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(apiKeyHash(key)).not.toContain(key);
  });

  it('seal and open round-trip; a tampered or foreign text opens to null', () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal('secret-key');
    expect(sealed).not.toContain('secret-key');
    expect(box.open(sealed)).toBe('secret-key');
    expect(box.seal('secret-key')).not.toBe(sealed);
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other-key!').toString('base64url');
    expect(box.open(parts.join('.'))).toBeNull();
    expect(new SecretBox(randomBytes(32)).open(sealed)).toBeNull();
    expect(box.open('garbage')).toBeNull();
  });

  it('refuses a key that is not 256 bits', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow();
  });
});
