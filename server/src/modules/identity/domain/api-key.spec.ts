import { API_KEY_BYTES, apiKeyHash, newApiKey } from './api-key.js';

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
});
