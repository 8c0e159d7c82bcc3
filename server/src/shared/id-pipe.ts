import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { NotFoundError } from './domain-error.js';

const MESSAGE = '번호는 1 이상의 정수여야 합니다.';
const INT4_MAX = 2_147_483_647;

const positiveInt4 = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(INT4_MAX, message);

/** A record id in a body or a path: a positive int4, so a huge number is a 400, never a database error. */
export const recordId = positiveInt4(MESSAGE);

export interface IdPipeOptions {
  /** The Korean reason (the resource's own words, e.g. '회원 번호가 올바르지 않습니다.'). */
  message?: string;
  /** 400 by default; 404 where a malformed id has always read as "no such record" (the catalogue). */
  status?: 400 | 404;
}

/** The one pipe for a path's `:id`: a positive int4 or the resource's 4xx. */
export function idPipe(options: IdPipeOptions = {}): PipeTransform<unknown, number> {
  const schema = options.message ? positiveInt4(options.message) : recordId;
  return {
    transform(value: unknown): number {
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      throw options.status === 404 ? new NotFoundError(options.message) : new BadRequestException(options.message ?? MESSAGE);
    },
  };
}

/** A path's text key (a platform's 'instagram'): one that cannot exist is a 404 before the database is asked. */
export function keyPipe(pattern: RegExp): PipeTransform<unknown, string> {
  return {
    transform(value: unknown): string {
      if (typeof value !== 'string' || !pattern.test(value)) throw new NotFoundError();
      return value;
    },
  };
}

export const IdPipe = idPipe();
