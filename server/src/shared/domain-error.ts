import { ERRORS, errorCodeOf, type ErrorCode } from '../contracts/error-codes.js';

/** Values for the `{name}` holes of a refusal's message (contracts/error-codes.ts). */
export type MessageParams = Readonly<Record<string, string | number | bigint>>;

/** What a refusal adds to its answer: body fields beside `{statusCode, code, message}`, and headers. */
export interface RefusalExtras {
  readonly details?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, string>>;
}

const fill = (template: string, params: MessageParams): string =>
  template.replace(/\{(\w+)\}/g, (hole, name: string) => (name in params ? String(params[name]) : hole));

/**
 * A refusal: a code listed in contracts/error-codes.ts, which decides its HTTP status and Korean message once.
 * `new DomainError('COUPON_USED')`; a message with holes gets its values (`{ id: 7 }`), and one the contracts
 * format themselves is given whole (`new DomainError('PRICING_BELOW_COST', rateBelowCostMessage(...))`).
 * The HTTP kernel answers `{ statusCode: ERRORS[code].status, code, message, ...details }`.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message?: string | MessageParams, extras?: RefusalExtras) {
    const template = ERRORS[code].message as string;
    super(typeof message === 'string' ? message : message ? fill(template, message) : template);
    this.code = code;
    this.details = extras?.details;
    this.headers = extras?.headers;
    this.name = new.target.name;
  }

  /** The HTTP status, decided once by the code (contracts/error-codes.ts). */
  get status(): number {
    return ERRORS[this.code].status;
  }
}

/**
 * A refusal of input whose words come from a contract's schema (a zod issue, an order form's problem): the code
 * listed for those words among the 400s, else `fallback` with the words as its message. Always a 400.
 */
export function inputRefusal(message: string, fallback: ErrorCode = 'BAD_REQUEST'): DomainError {
  const code = errorCodeOf(message, 400);
  return code && ERRORS[code].status === 400 ? new DomainError(code, message) : new DomainError(fallback, message);
}

/** A state machine refused a move: `message` is the Korean reason, `move` what was tried (for logs). */
export class IllegalTransitionError extends DomainError {
  constructor(
    message: string,
    readonly move: { entity: string; from: string; to: string },
  ) {
    const listed = errorCodeOf(message, 409);
    super(listed && ERRORS[listed].status === 409 ? listed : 'ILLEGAL_TRANSITION', message);
  }
}

/** A record that is not there: `RECORD_NOT_FOUND` ('찾을 수 없습니다.') unless a 404 code of its own is named. */
export class NotFoundError extends DomainError {
  constructor(code: ErrorCode = 'RECORD_NOT_FOUND', message?: string | MessageParams) {
    super(code, message);
  }
}
