import { ERRORS, errorCodeOf, statusErrorCode, type ErrorCode } from '../contracts/error-codes.js';

/** Values for the `{name}` holes of a refusal's message (contracts/error-codes.ts). */
export type MessageParams = Readonly<Record<string, string | number | bigint>>;

/** What a refusal adds to its answer: body fields beside `{statusCode, code, message}`, and headers. */
export interface RefusalExtras {
  readonly details?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, string>>;
}

const isCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(ERRORS, value);

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
  /** Only the deprecated message-first form sets it: the status its thrower chose. */
  readonly legacyStatus?: number;
  readonly details?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message?: string | MessageParams, extras?: RefusalExtras);
  /**
   * @deprecated The message-first form, `new DomainError(message, status, code?)`: its code is looked up by
   * its words. Kept only while the files being moved in this step still use it; raise by code instead.
   */
  constructor(message: string, status?: number, code?: ErrorCode);
  constructor(first: string, second?: string | number | MessageParams, third?: ErrorCode | RefusalExtras) {
    if (isCode(first) && typeof second !== 'number') {
      const template = ERRORS[first].message as string;
      super(typeof second === 'string' ? second : second ? fill(template, second) : template);
      this.code = first;
      const extras = third as RefusalExtras | undefined;
      this.details = extras?.details;
      this.headers = extras?.headers;
    } else {
      const status = typeof second === 'number' ? second : 409;
      super(first);
      this.legacyStatus = status;
      this.code = isCode(third) ? third : (errorCodeOf(first, status) ?? statusErrorCode(status));
    }
    this.name = new.target.name;
  }

  /** The HTTP status: the code's (contracts), or what a deprecated message-first thrower chose. */
  get status(): number {
    return this.legacyStatus ?? ERRORS[this.code].status;
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
  constructor(code?: ErrorCode, message?: string | MessageParams);
  /** @deprecated The message-first form (a 404 looked up by its words); raise by code instead. */
  constructor(message: string);
  constructor(codeOrMessage: string = 'RECORD_NOT_FOUND', message?: string | MessageParams) {
    if (isCode(codeOrMessage)) super(codeOrMessage, message);
    else super(codeOrMessage, 404, errorCodeOf(codeOrMessage, 404) ?? 'NOT_FOUND');
  }
}
