import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box.js';

describe('SecretBox (AES-256-GCM)', () => {
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
