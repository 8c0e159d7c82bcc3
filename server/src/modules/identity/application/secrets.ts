import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/index.js';
import { derivedKey, SecretBox } from '../../../shared/index.js';

export type SecretPurpose =
  | 'api-key-encryption'
  | 'password-reset-token'
  | 'social-signup-token'
  | 'refresh-token'
  | 'second-factor-challenge'
  | 'second-factor-secret';

/**
 * Keys for identity's own purposes, each derived (HKDF-SHA256) from the JWT secret, so one secret
 * (JWT_SECRET or DATA_DIR/jwt-secret) is all there is to keep, and no purpose's key opens another's.
 */
@Injectable()
export class IdentitySecrets {
  readonly apiKeys: SecretBox;
  /** TOTP secrets at rest. */
  readonly secondFactors: SecretBox;

  constructor(private readonly config: AppConfig) {
    this.apiKeys = new SecretBox(this.key('api-key-encryption'));
    this.secondFactors = new SecretBox(this.key('second-factor-secret'));
  }

  key(purpose: SecretPurpose): Buffer {
    return derivedKey(this.config.jwtSecret, 'smm-panel-identity', purpose);
  }
}
