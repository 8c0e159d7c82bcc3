import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { NotFoundError } from './domain-error.js';

const MESSAGE = '번호는 1 이상의 정수여야 합니다.';
const INT4_MAX = 2_147_483_647;

/** A record id in a body: a positive int4 (a number or its digits), so a huge number is a 400, never a database error. */
export const recordId = z.coerce.number({ error: MESSAGE }).int(MESSAGE).min(1, MESSAGE).max(INT4_MAX, MESSAGE);

export interface IdPipeOptions {
  /** The Korean reason (the resource's own words, e.g. '회원 번호가 올바르지 않습니다.'). */
  message?: string;
  /** 400 by default; 404 where a malformed id has always read as "no such record" (the catalogue). */
  status?: 400 | 404;
}

/**
 * A record id written as text (a path segment, a protocol field): 1 to 10 digits (spaces around allowed),
 * 1..2147483647; anything else (1e3, 0x10, 1.0, -1) is null.
 */
export function parseRecordId(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= INT4_MAX ? id : null;
}

/** The one pipe for a path's `:id`: a positive int4 or the resource's 4xx. */
export function idPipe(options: IdPipeOptions = {}): PipeTransform<unknown, number> {
  return {
    transform(value: unknown): number {
      const id = parseRecordId(value);
      if (id !== null) return id;
      if (options.status !== 404) throw new BadRequestException(options.message ?? MESSAGE);
      throw options.message ? new NotFoundError('NOT_FOUND', options.message) : new NotFoundError();
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
