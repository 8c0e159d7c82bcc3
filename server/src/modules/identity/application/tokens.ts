import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Clock } from '../../../shared/index.js';
import type { AccessTokenPayload } from '../../auth/index.js';
import { IdentitySecrets, type SecretPurpose } from './secrets.js';

export type Principal = 'member' | 'operator';

/** Access tokens are short-lived; the session's refresh token gets the next one (POST /api/auth/refresh). */
export const ACCESS_TTL_SECONDS = 15 * 60;

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

  /** Wall time, not the Clock: the verifier (passport-jwt) checks `exp` against wall time. */
  accessToken(principal: Principal, id: number, sessionId: number, sessionVersion?: number): string {
    const iat = Math.floor(Date.now() / 1000);
    const payload: AccessTokenPayload = {
      sub: id,
      typ: principal,
      sid: sessionId,
      ver: sessionVersion,
      iat,
      exp: iat + ACCESS_TTL_SECONDS,
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
