import { jest } from '@jest/globals';
import type { ArgumentsHost } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { HttpErrorFilter } from './http-kernel.js';
import { TransitionTable } from './transition-table.js';

function answer(error: unknown) {
  const sent: { status?: number; body?: unknown } = {};
  const reply = {
    status(code: number) {
      sent.status = code;
      return reply;
    },
    send(body: unknown) {
      sent.body = body;
      return reply;
    },
  };
  const request = { method: 'POST', url: '/api/service/order?x=1', routeOptions: { url: '/api/service/order' } };
  const host = {
    switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }),
  } as unknown as ArgumentsHost;
  new HttpErrorFilter().catch(error, host);
  return sent;
}

describe('HttpErrorFilter', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers a unique violation 409 and logs its table and constraint, not the values', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const pgError = Object.assign(
      new Error(
        'insert into "member" ("email") values (\'kim@example.com\') - duplicate key value violates unique constraint "member_email_unique"',
      ),
      {
        table: 'member',
        constraint: 'member_email_unique',
        detail: 'Key (email)=(kim@example.com) already exists.',
      },
    );
    expect(answer(new UniqueConstraintViolationException(pgError))).toEqual({
      status: 409,
      body: { statusCode: 409, code: 'ALREADY_PROCESSED', message: '이미 처리된 요청입니다.' },
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toBe(
      'POST /api/service/order: unique violation answered 409: member.member_email_unique',
    );
    expect(String(warn.mock.calls[0]![0])).not.toContain('kim@example.com');
  });

  it("answers a refused state move with the table's Korean reason", () => {
    const table = new TransitionTable<'A' | 'B'>({
      entity: 'Thing',
      noun: '요청',
      labels: { A: '대기', B: '완료' },
      moves: { A: ['B'], B: [] },
      refusals: { B: '이미 완료된 요청입니다.' },
    });
    let thrown: unknown;
    try {
      table.assert('B', 'A');
    } catch (error) {
      thrown = error;
    }
    expect(answer(thrown)).toEqual({
      status: 409,
      body: { statusCode: 409, code: expect.any(String), message: '이미 완료된 요청입니다.' },
    });
  });
});
