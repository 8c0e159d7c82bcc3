import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

export type Principal = 'member' | 'operator';

export interface AccessTokenPayload {
  sub: number;
  typ: Principal;
}

/** Signs access tokens; members and operators share the secret but never each other's type. */
@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  accessToken(principal: Principal, id: number): string {
    const payload: AccessTokenPayload = { sub: id, typ: principal };
    return this.jwt.sign(payload, { expiresIn: principal === 'operator' ? '12h' : '7d' });
  }
}
