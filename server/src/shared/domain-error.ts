import { errorCodeOf, statusErrorCode, type ErrorCode } from '../contracts/error-codes.js';

/**
 * Base of every error a domain rule raises. The HTTP layer answers `status` with `code` and `message`;
 * illegal state transitions keep the default 409. The code is the one given, else the one the contracts list
 * for the message (contracts/error-codes.ts), else the status's generic one.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;

  constructor(
    message: string,
    readonly status: number = 409,
    code?: ErrorCode,
  ) {
    super(message);
    this.name = new.target.name;
    this.code = code ?? errorCodeOf(message) ?? statusErrorCode(status);
  }
}

/** A state machine refused a move: `message` is the Korean reason, `move` what was tried (for logs). */
export class IllegalTransitionError extends DomainError {
  constructor(
    message: string,
    readonly move: { entity: string; from: string; to: string },
  ) {
    super(message, 409, errorCodeOf(message) ?? 'ILLEGAL_TRANSITION');
  }
}

export class NotFoundError extends DomainError {
  constructor(message = '찾을 수 없습니다.') {
    super(message, 404);
  }
}
