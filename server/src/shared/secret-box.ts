import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A 256-bit key for one purpose, derived (HKDF-SHA256) from a server secret: one secret to keep, and no
 * purpose's key opens another's. `context` names the module (the HKDF salt), `purpose` the use (its info).
 */
export function derivedKey(secret: string, context: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, context, purpose, 32));
}

/** AES-256-GCM with a random 96-bit nonce: `v1.<nonce>.<tag>.<ciphertext>`, base64url parts. */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 256-bit key');
  }

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** Null when the text was tampered with or sealed under another key. */
  open(sealed: string): string | null {
    const [version, nonce, tag, body] = sealed.split('.');
    if (version !== 'v1' || !nonce || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
