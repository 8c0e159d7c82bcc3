import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/index.js';
import { derivedKey, SecretBox } from '../../../shared/index.js';

/** What is stored, shown and logged in place of a secret (a code, a reset link's token). */
export const SECRET_MASK = '[비공개]';

/** The text with every secret replaced by SECRET_MASK. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  return secrets.filter(Boolean).reduce((masked, secret) => masked.split(secret).join(SECRET_MASK), text);
}

/**
 * Messages that carry a secret (a verification code, a reset link) keep their masked text readable and
 * the real text sealed (AES-256-GCM, the key derived by HKDF from the JWT secret, so no other purpose's
 * key opens it) until the sender has used it: the record step drops the sealed part once the message
 * is sent, given up or stored.
 */
@Injectable()
export class MessageSeal {
  private readonly box: SecretBox;

  constructor(config: AppConfig) {
    this.box = new SecretBox(derivedKey(config.jwtSecret, 'smm-panel-delivery', 'sealed-message'));
  }

  /** The payload part of a text with secrets: `{text}` masked, plus `{sealed}` when there was anything to hide. */
  payloadOf(text: string, secrets: readonly string[]): { text: string; sealed?: string } {
    const masked = maskSecrets(text, secrets);
    return masked === text ? { text } : { text: masked, sealed: this.box.seal(text) };
  }

  /** The text to send: the sealed one when there is one (null when it does not open), else the plain text. */
  textOf(payload: Record<string, unknown>): string | null {
    if (typeof payload.sealed === 'string') return this.box.open(payload.sealed);
    return String(payload.text ?? '');
  }
}
