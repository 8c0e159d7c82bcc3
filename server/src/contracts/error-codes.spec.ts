import { ERROR_CODES, ERRORS, errorCodeOf, errorStatus, statusErrorCode, type ErrorCode } from './error-codes.js';

const codes = Object.keys(ERRORS) as ErrorCode[];

describe('error codes', () => {
  it('each has a Korean message and the HTTP status it is answered with', () => {
    const missing = codes.filter((code) => {
      const { message, status } = ERRORS[code] as { message?: unknown; status?: unknown };
      return typeof message !== 'string' || message.trim() === '' || typeof status !== 'number';
    });
    expect(missing).toEqual([]);
    const badStatus = codes.filter((code) => !Number.isInteger(errorStatus(code)) || errorStatus(code) < 400);
    expect(badStatus.map((code) => `${code}: ${errorStatus(code)}`)).toEqual([]);
    // Every message is for people, in Korean (one made of holes only gets its words where it is raised).
    const hangul = /[\uAC00-\uD7A3]/;
    const wordless = codes.filter((code) => !hangul.test(ERROR_CODES[code]) && !/\{\w+\}/.test(ERROR_CODES[code]));
    expect(wordless).toEqual([]);
  });

  it('are upper snake case, and two share their words only when answered with different statuses', () => {
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
    const shared = codes.filter((code) => errorCodeOf(ERROR_CODES[code], errorStatus(code)) !== code);
    expect(shared.map((code) => `${code}: ${ERROR_CODES[code]}`)).toEqual([]);
  });

  it('finds the code of words by the status they were answered with, else the first listed', () => {
    expect(errorCodeOf(ERROR_CODES.SECOND_FACTOR_CODE_WRONG, 409)).toBe('SECOND_FACTOR_SETUP_CODE_WRONG');
    expect(errorCodeOf(ERROR_CODES.SECOND_FACTOR_CODE_WRONG, 401)).toBe('SECOND_FACTOR_CODE_WRONG');
    expect(errorCodeOf(ERROR_CODES.SECOND_FACTOR_CODE_WRONG)).toBe('SECOND_FACTOR_CODE_WRONG');
    expect(errorCodeOf(ERROR_CODES.SECOND_FACTOR_CODE_WRONG, 418)).toBe('SECOND_FACTOR_CODE_WRONG');
  });

  it('gives every refusal status a generic code', () => {
    expect(statusErrorCode(409)).toBe('CONFLICT');
    expect(statusErrorCode(404)).toBe('NOT_FOUND');
    expect(statusErrorCode(418)).toBe('BAD_REQUEST');
    expect(statusErrorCode(503)).toBe('UNAVAILABLE');
    expect(errorCodeOf('아무 말')).toBeUndefined();
  });
});
