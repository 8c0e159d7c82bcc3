import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ERROR_CODES } from '../contracts/error-codes.js';
import { DomainError, IllegalTransitionError, inputRefusal, NotFoundError } from './domain-error.js';

const SRC = new URL('../', import.meta.url).pathname;

/** The error model's own definition. */
const NOT_YET = [/^shared\/domain-error\.ts$/];

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
const checked = sources(SRC).filter((file) => !NOT_YET.some((rule) => rule.test(relative(SRC, file))));

describe('DomainError', () => {
  it('takes its status and message from its code', () => {
    const used = new DomainError('COUPON_USED');
    expect([used.status, used.code, used.message]).toEqual([409, 'COUPON_USED', ERROR_CODES.COUPON_USED]);
    const paid = new DomainError('CHARGE_ALREADY_PAID', { id: 7 });
    expect([paid.status, paid.message]).toEqual([409, '충전 #7은(는) 이미 포인트가 지급되었습니다.']);
    const check = new DomainError('SERVICE_CHECK', '점검 중입니다.');
    expect([check.status, check.code, check.message]).toEqual([400, 'SERVICE_CHECK', '점검 중입니다.']);
    expect(new NotFoundError()).toMatchObject({ status: 404, code: 'RECORD_NOT_FOUND', message: '찾을 수 없습니다.' });
    expect(new NotFoundError('COUPON_NOT_FOUND')).toMatchObject({ status: 404, code: 'COUPON_NOT_FOUND' });
    const move = { entity: 'order', from: 'COMPLETED', to: 'CANCELED' };
    expect(new IllegalTransitionError('완료된 주문은 취소할 수 없습니다.', move)).toMatchObject({
      status: 409,
      code: 'ILLEGAL_TRANSITION',
      message: '완료된 주문은 취소할 수 없습니다.',
    });
  });

  it('finds the 400 code of a schema’s words, else names the fallback', () => {
    expect(inputRefusal(ERROR_CODES.ORDER_AMOUNT_BELOW_MIN)).toMatchObject({
      status: 400,
      code: 'ORDER_AMOUNT_BELOW_MIN',
    });
    expect(inputRefusal('아무 말')).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: '아무 말' });
  });
});

// A refusal names its code: DomainError's first parameter is an ErrorCode, so a message-first call no longer
// compiles. What the types cannot see is a Nest exception thrown from a use case.
describe('refusals in server/src', () => {
  it('application code throws no HttpException: a refusal is a DomainError', () => {
    const nest = /new (HttpException|[A-Z]\w*Exception)\(|extends HttpException\b/;
    const offences = checked
      .filter((file) => /\/application\//.test(file))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => [line, index] as const)
          .filter(([line]) => nest.test(line))
          .map(([line, index]) => `${relative(SRC, file)}:${index + 1}: ${line.trim()}`),
      );
    expect(offences).toEqual([]);
  });
});
