import { ERROR_CODES, errorCodeOf, statusErrorCode, type ErrorCode } from './error-codes.js';

describe('error codes', () => {
  it('are upper snake case, and no two share their words (a message finds one code)', () => {
    const codes = Object.keys(ERROR_CODES) as ErrorCode[];
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
    const shared = codes.filter((code) => errorCodeOf(ERROR_CODES[code]) !== code);
    expect(shared.map((code) => `${code}: ${ERROR_CODES[code]}`)).toEqual([]);
  });

  it('gives every refusal status a generic code', () => {
    expect(statusErrorCode(409)).toBe('CONFLICT');
    expect(statusErrorCode(404)).toBe('NOT_FOUND');
    expect(statusErrorCode(418)).toBe('BAD_REQUEST');
    expect(statusErrorCode(503)).toBe('UNAVAILABLE');
    expect(errorCodeOf('아무 말')).toBeUndefined();
  });
});
