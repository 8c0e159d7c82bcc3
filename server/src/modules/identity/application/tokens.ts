import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Clock } from '../../../shared/index.js';
import type { AccessTokenPayload } from '../../auth/index.js';
import { IdentitySecrets, type SecretPurpose } from './secrets.js';

export type Principal = 'member' | 'operator';

const TTL_SECONDS: Record<Principal, number> = { member: 7 * 24 * 3600, operator: 12 * 3600 };

/**
 * Signs every token identity hands out, all HS256 with `iat`/`exp` in seconds taken from the Clock.
 * Access tokens use the JWT secret (members and operators never accept each other's `typ`); the
 * purpose tokens (password reset, social sign-up) use keys derived for that purpose alone.
 */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly clock: Clock,
    private readonly secrets: IdentitySecrets,
  ) {}

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  accessToken(principal: Principal, id: number, sessionVersion?: number): string {
    const iat = this.nowSeconds();
    const payload: AccessTokenPayload = {
      sub: id,
      typ: principal,
      ver: sessionVersion,
      iat,
      exp: iat + TTL_SECONDS[principal],
    };
    return this.jwt.sign(payload);
  }

  /** A short-lived token for one purpose; the payload's own fields plus `typ`, `iat`, `exp`. */
  purposeToken(purpose: SecretPurpose, payload: Record<string, unknown>, ttlSeconds: number): string {
    const iat = this.nowSeconds();
    return this.jwt.sign(
      { ...payload, typ: purpose, iat, exp: iat + ttlSeconds },
      { secret: this.secrets.key(purpose), algorithm: 'HS256' },
    );
  }

  /** The payload of a valid, unexpired token of this purpose, or null (bad signature, other algorithm, expired, garbage). */
  verifyPurposeToken<T extends object>(purpose: SecretPurpose, token: string): (T & { exp: number }) | null {
    try {
      const payload = this.jwt.verify<T & { typ?: unknown; exp: number }>(token, {
        secret: this.secrets.key(purpose),
        algorithms: ['HS256'],
        ignoreExpiration: true,
      });
      if (payload.typ !== purpose || typeof payload.exp !== 'number' || payload.exp <= this.nowSeconds()) return null;
      return payload;
    } catch {
      return null;
    }
  }
}
