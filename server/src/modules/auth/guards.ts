import { createParamDecorator, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-jwt';
import type { FastifyRequest } from 'fastify';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { AppConfig } from '../../config/index.js';
import { assertPermitted, DomainError } from '../../shared/index.js';
import {
  SessionsPort,
  type AccessTokenPayload,
  type AuthenticatedMember,
  type AuthenticatedOperator,
} from './sessions.port.js';

/** The spec says only "the stored token in the Authorization header": accept `Bearer <jwt>` and a bare `<jwt>`. */
function tokenFromHeader(request: FastifyRequest): string | null {
  const parts = request.headers.authorization?.trim().split(/\s+/) ?? [];
  if (parts.length === 2 && parts[0]!.toLowerCase() === 'bearer') return parts[1]!;
  return parts.length === 1 && parts[0] ? parts[0] : null;
}

/**
 * A KeyObject, not the string: jsonwebtoken otherwise tries (and fails) to parse a public key on every
 * request. jsonwebtoken 9 takes KeyObjects; passport-jwt's types only list string | Buffer.
 */
const verificationKey = (config: AppConfig): Buffer =>
  createSecretKey(Buffer.from(config.jwtSecret)) satisfies KeyObject as unknown as Buffer;

const jwtOptions = (config: AppConfig) => ({
  jwtFromRequest: tokenFromHeader,
  secretOrKey: verificationKey(config),
  algorithms: ['HS256' as const],
  ignoreExpiration: false,
});

@Injectable()
export class MemberJwtStrategy extends PassportStrategy(Strategy, 'member-jwt') {
  constructor(
    config: AppConfig,
    private readonly sessions: SessionsPort,
  ) {
    super(jwtOptions(config));
  }

  async validate(payload: AccessTokenPayload): Promise<AuthenticatedMember> {
    if (payload.typ !== 'member' || !Number.isInteger(payload.sub)) throw new DomainError('UNAUTHORIZED');
    const member = await this.sessions.member(payload);
    if (!member) throw new DomainError('UNAUTHORIZED');
    return member;
  }
}

@Injectable()
export class OperatorJwtStrategy extends PassportStrategy(Strategy, 'operator-jwt') {
  constructor(
    config: AppConfig,
    private readonly sessions: SessionsPort,
  ) {
    super(jwtOptions(config));
  }

  async validate(payload: AccessTokenPayload): Promise<AuthenticatedOperator> {
    if (payload.typ !== 'operator' || !Number.isInteger(payload.sub)) throw new DomainError('UNAUTHORIZED');
    const operator = await this.sessions.operator(payload);
    if (!operator) throw new DomainError('UNAUTHORIZED');
    return operator;
  }
}

class UnauthorizedAnswer {
  handleRequest<T>(error: unknown, user: T | false): T {
    // A refusal (an expired session) keeps its own words; anything else from passport is "log in first".
    if (error || !user)
      throw error instanceof DomainError || error instanceof UnauthorizedException
        ? error
        : new DomainError('UNAUTHORIZED');
    return user;
  }
}

/** Only a logged-in, active member passes; the member is then `@CurrentMember()`. */
@Injectable()
export class MemberGuard extends AuthGuard('member-jwt') {
  override handleRequest = UnauthorizedAnswer.prototype.handleRequest;
}

/**
 * Only an operator passes, and only to a route whose declared permission (`@Allow`, shared/permissions.ts)
 * the operator's role holds; member tokens are refused on every /api/admin route.
 */
@Injectable()
export class OperatorGuard extends AuthGuard('operator-jwt') {
  override handleRequest = UnauthorizedAnswer.prototype.handleRequest;

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    return assertPermitted(context, context.switchToHttp().getRequest<{ user: AuthenticatedOperator }>().user.role);
  }
}

export const CurrentMember = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedMember =>
    context.switchToHttp().getRequest<{ user: AuthenticatedMember }>().user,
);

export const CurrentOperator = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedOperator =>
    context.switchToHttp().getRequest<{ user: AuthenticatedOperator }>().user,
);
