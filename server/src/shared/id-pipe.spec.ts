import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { NotFoundError } from './domain-error.js';
import { idPipe, keyPipe, parseRecordId } from './id-pipe.js';

const param = { type: 'param' } as const;
const read = <T>(pipe: PipeTransform<unknown, T>, raw: string) => pipe.transform(raw, param);

describe('the one id rule', () => {
  it('reads 1..2147483647 written as digits, and nothing else', () => {
    expect([parseRecordId('7'), parseRecordId(' 42 '), parseRecordId(2147483647), parseRecordId('2147483647')]).toEqual(
      [7, 42, 2147483647, 2147483647],
    );
    for (const raw of [
      '0',
      '-1',
      '1.5',
      '1.0',
      '1e3',
      '0x10',
      '+1',
      'abc',
      '',
      '2147483648',
      '99999999999',
      null,
      undefined,
      [1],
      { id: 1 },
    ])
      expect(parseRecordId(raw)).toBeNull();
  });

  it("answers a malformed path id with the resource's 400 or 404", () => {
    expect(read(idPipe(), '12')).toBe(12);
    expect(() => read(idPipe(), 'abc')).toThrow(new BadRequestException('번호는 1 이상의 정수여야 합니다.'));
    expect(() => read(idPipe({ message: '회원 번호가 올바르지 않습니다.' }), '0')).toThrow(
      new BadRequestException('회원 번호가 올바르지 않습니다.'),
    );
    expect(() => read(idPipe({ status: 404 }), '1e3')).toThrow(NotFoundError);
  });

  it('answers a text key that cannot exist with a 404', () => {
    const pipe = keyPipe(/^[a-z0-9-]{2,32}$/);
    expect(read(pipe, 'instagram')).toBe('instagram');
    for (const raw of ['Instagram', 'x', 'a'.repeat(33), ' youtube'])
      expect(() => read(pipe, raw)).toThrow(NotFoundError);
  });
});
