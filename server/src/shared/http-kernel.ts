import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { Page } from './admin-list.js';
import { ERROR_CODES, errorCodeOf, errorStatus, statusErrorCode, type ErrorCode } from '../contracts/error-codes.js';
import { DomainError } from './domain-error.js';
import { firstIssueMessage } from './zod-pipe.js';

/**
 * Every error leaves as `{ statusCode, code, message }` (code: contracts/error-codes.ts); only the unexpected is a
 * 500, and it is logged.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  constructor(private readonly notFound?: (request: FastifyRequest, reply: FastifyReply) => boolean) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    let status = 500;
    let message: string = ERROR_CODES.INTERNAL_ERROR;
    let code: ErrorCode | undefined;
    let extra: Record<string, unknown> = {};
    if (error instanceof HttpException) {
      status = error.getStatus();
      const body = error.getResponse();
      if (typeof body === 'string') message = body;
      else {
        const { message: m, statusCode: _s, error: _e, code: named, ...rest } = body as Record<string, unknown>;
        message = Array.isArray(m) ? String(m[0]) : String(m ?? error.message);
        // A thrower may name a listed code beside its message.
        if (typeof named === 'string' && Object.hasOwn(ERROR_CODES, named)) code = named as ErrorCode;
        extra = rest;
      }
      if (status === 404 && this.notFound?.(request, reply)) return;
    } else if (error instanceof DomainError) {
      // The code decides the status (contracts/error-codes.ts), once, here.
      status = errorStatus(error.code);
      message = error.message;
      code = error.code;
      extra = { ...error.details };
    } else if (error instanceof ZodError) {
      status = 400;
      message = firstIssueMessage(error);
      code = errorCodeOf(message, 400) ?? 'INVALID_INPUT';
    } else if (error instanceof UniqueConstraintViolationException) {
      // A race lost to a unique key is a 409, but one a domain check should have caught: leave a trace.
      status = 409;
      code = 'ALREADY_PROCESSED';
      message = ERROR_CODES.ALREADY_PROCESSED;
      this.logger.warn(
        `${request.method} ${request.routeOptions?.url ?? request.url.split('?')[0]}: unique violation answered 409: ${uniqueDetail(error)}`,
      );
    } else if (isFastifyClientError(error)) {
      status = error.statusCode;
      message = error.message;
    } else {
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
    // Fastify's own refusals (also when Nest wrapped them in an HttpException) get a Korean reason.
    const fastifyCode = (error as { code?: unknown })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code;
    const bodyRefusal = typeof fastifyCode === 'string' ? BODY_REFUSALS[fastifyCode] : undefined;
    if (status < 500 && bodyRefusal) [code, message] = [bodyRefusal, ERROR_CODES[bodyRefusal]];
    // No answer repeats the request's address: its query may carry a key (Nest's "Cannot GET /api/v2?key=...").
    if (status === 404 && message === `Cannot ${request.method} ${request.url}`)
      [code, message] = ['NOT_FOUND', ERROR_CODES.NOT_FOUND];
    else {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      if (query.length > 0 && message.includes(query))
        [code, message] =
          status === 404 ? ['NOT_FOUND', ERROR_CODES.NOT_FOUND] : ['BAD_REQUEST', ERROR_CODES.BAD_REQUEST];
    }
    code ??= errorCodeOf(message, status) ?? statusErrorCode(status);
    // Every refusal's reason is Korean: Nest's and Fastify's own English words give way to the code's message.
    // A 502 keeps its words: they quote what the provider answered ("balance: Invalid API key"), for the operator.
    if (status !== 502 && !HANGUL.test(message)) message = ERROR_CODES[code];
    // An error may name headers of its answer (a 429's Retry-After).
    const headers = (error as { headers?: unknown })?.headers;
    if (status < 500 && headers && typeof headers === 'object') void reply.headers(headers as Record<string, string>);
    void reply.status(status).send({ statusCode: status, code, message, ...extra });
  }
}

const HANGUL = /[\uAC00-\uD7A3]/;

/** Which table and constraint, never the row's values or the query (they may be personal). */
function uniqueDetail(error: UniqueConstraintViolationException): string {
  const { constraint, table } = error as unknown as { constraint?: string; table?: string };
  return [table, constraint].filter(Boolean).join('.') || 'unknown constraint';
}

/** Our codes (and so Korean reasons) for Fastify's and @fastify/multipart's own refusals of a body (their own words are English). */
const BODY_REFUSALS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'EMPTY_JSON_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'TOO_MANY_PARTS',
  FST_FIELDS_LIMIT: 'TOO_MANY_PARTS',
  FST_FILES_LIMIT: 'TOO_MANY_FILES',
};

function isFastifyClientError(error: unknown): error is { statusCode: number; message: string; code?: string } {
  const code = (error as { statusCode?: unknown })?.statusCode;
  return typeof code === 'number' && code >= 400 && code < 500;
}

/**
 * Turns a returned Page into the rows plus ra-data-simple-rest's Content-Range header. A Fastify hook, not a
 * Nest interceptor: a global interceptor wraps every request of every route in an RxJS pipeline (a reseller's
 * tool calls several times a second; only the console's lists return Pages).
 */
export function replyPages(fastify: FastifyInstance): void {
  fastify.addHook('preSerialization', (_request, reply, payload: unknown, done) => {
    if (!(payload instanceof Page)) return done(null, payload);
    void reply.header('Content-Range', payload.contentRange);
    void reply.header('Access-Control-Expose-Headers', 'Content-Range');
    done(null, payload.rows);
  });
}
