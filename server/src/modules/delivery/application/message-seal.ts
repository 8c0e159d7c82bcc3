import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/index.js';
import { derivedKey, SecretBox } from '../../../shared/index.js';

/** What is stored, shown and logged in place of a secret (a code, a reset link's token). */
export const SECRET_MASK = '[비공개]';

/** The text with every secret replaced by SECRET_MASK. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  return secrets.filter(Boolean).reduce((masked, secret) => masked.split(secret).join(SECRET_MASK), text);
}

/** How a webhook's signing secret is named once it has been shown: its last 4 characters. */
export const secretHint = (secret: string): string => `…${secret.slice(-4)}`;

/**
 * The delivery module's secrets at rest (AES-256-GCM, keys derived by HKDF from the JWT secret, one per
 * purpose, so no other purpose's key opens them):
 * - messages that carry a secret (a verification code, a reset link) keep their masked text readable and
 *   the real text sealed until the sender has used it: the record step drops the sealed part once the
 *   message is sent, given up or stored;
 * - a reseller's webhook signing secret is stored sealed (shown once, when created or rotated).
 */
@Injectable()
export class MessageSeal {
  private readonly box: SecretBox;
  private readonly webhookSecrets: SecretBox;

  constructor(config: AppConfig) {
    this.box = new SecretBox(derivedKey(config.jwtSecret, 'smm-panel-delivery', 'sealed-message'));
    this.webhookSecrets = new SecretBox(derivedKey(config.jwtSecret, 'smm-panel-delivery', 'webhook-secret'));
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

  sealWebhookSecret(secret: string): string {
    return this.webhookSecrets.seal(secret);
  }

  /** The signing secret, or null when it does not open (sealed under another JWT secret). */
  openWebhookSecret(sealed: string): string | null {
    return this.webhookSecrets.open(sealed);
  }
}
