/**
 * Base of every error a domain rule raises. The HTTP layer answers `status` with `message`;
 * illegal state transitions keep the default 409.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: number = 409,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A state machine refused a move: `message` is the Korean reason, `move` what was tried (for logs). */
export class IllegalTransitionError extends DomainError {
  constructor(
    message: string,
    readonly move: { entity: string; from: string; to: string },
  ) {
    super(message, 409);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = '찾을 수 없습니다.') {
    super(message, 404);
  }
}
