import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ERROR_CODES } from '../contracts/error-codes.js';
import { DomainError, IllegalTransitionError, inputRefusal, NotFoundError } from './domain-error.js';

const SRC = new URL('../', import.meta.url).pathname;

/** Files being moved in this step: their refusals are raised by code once they have landed. */
const NOT_YET = [
  /^shared\/domain-error\.ts$/, // the deprecated form's own definition
];

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

  it('keeps the deprecated message-first form answering as before (status given, code by its words)', () => {
    const old = new DomainError(ERROR_CODES.COUPON_USED, 409);
    expect([old.status, old.code]).toEqual([409, 'COUPON_USED']);
    expect(new DomainError('목록에 없는 말', 400)).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(new NotFoundError('목록에 없는 말')).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('refusals in server/src', () => {
  it('are raised by code: no call picks the deprecated message-first form', () => {
    const { config } = ts.readConfigFile(join(SRC, '../tsconfig.json'), ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, join(SRC, '..'));
    const program = ts.createProgram({ rootNames: checked, options: { ...options, noEmit: true } });
    const checker = program.getTypeChecker();
    const offences: string[] = [];
    for (const file of checked) {
      const source = program.getSourceFile(file)!;
      if (!/Error\(/.test(source.text)) continue;
      const visit = (node: ts.Node): void => {
        const call =
          ts.isNewExpression(node) ||
          (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword);
        const declaration = call ? checker.getResolvedSignature(node as ts.CallLikeExpression)?.declaration : undefined;
        if (
          declaration &&
          declaration.getSourceFile().fileName.endsWith('shared/domain-error.ts') &&
          ts.getJSDocDeprecatedTag(declaration)
        ) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          offences.push(`${relative(SRC, file)}:${line + 1}: ${node.getText().split('\n')[0]}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(offences).toEqual([]);
  });

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
