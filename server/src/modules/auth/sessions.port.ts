import type { OperatorRole } from '../../contracts/operators.js';

/** What a verified access token says (identity signs them; see identity's TokenService). */
export interface AccessTokenPayload {
  sub: number;
  typ: 'member' | 'operator';
  /** The session the token belongs to; refused once that session is revoked. */
  sid?: number;
  /** The member's session version when issued (see Member.acceptsSession); absent for operators. */
  ver?: number;
  iat: number;
  exp: number;
}

export interface AuthenticatedMember {
  id: number;
  loginId: string;
  /** The session this request's token belongs to. */
  sessionId: number;
}

export interface AuthenticatedOperator {
  id: number;
  loginId: string;
  /** Read on every request, so a role change or a disable takes effect at once. */
  role: OperatorRole;
  /** The session this request's token belongs to. */
  sessionId: number;
}

/**
 * The port the guards read sessions through; identity implements it (bound in app.module's PortsModule), so
 * authentication needs no import of identity and no module imports identity for its guards.
 */
export abstract class SessionsPort {
  /** The member a token speaks for, or null when the member or the session no longer stands. */
  abstract member(payload: AccessTokenPayload): Promise<AuthenticatedMember | null>;
  /** The operator a token speaks for, or null when the operator or the session no longer stands. */
  abstract operator(payload: AccessTokenPayload): Promise<AuthenticatedOperator | null>;
}
