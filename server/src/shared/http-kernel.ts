import {
  type ArgumentsHost,
  type CallHandler,
  Catch,
  type ExceptionFilter,
  type ExecutionContext,
  HttpException,
  Injectable,
  Logger,
  type NestInterceptor,
} from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { ZodError } from 'zod';
import { Page } from './admin-list.js';
import { DomainError } from './domain-error.js';
import { firstIssueMessage } from './zod-pipe.js';

/** Every error leaves as `{ statusCode, message }`; only the unexpected is a 500, and it is logged. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  constructor(private readonly notFound?: (request: FastifyRequest, reply: FastifyReply) => boolean) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    let status = 500;
    let message = '오류가 발생했습니다.';
    let extra: Record<string, unknown> = {};
    if (error instanceof HttpException) {
      status = error.getStatus();
      const body = error.getResponse();
      if (typeof body === 'string') message = body;
      else {
        const { message: m, statusCode: _s, error: _e, ...rest } = body as Record<string, unknown>;
        message = Array.isArray(m) ? String(m[0]) : String(m ?? error.message);
        extra = rest;
      }
      if (status === 404 && this.notFound?.(request, reply)) return;
    } else if (error instanceof DomainError) {
      status = error.status;
      message = error.message;
    } else if (error instanceof ZodError) {
      status = 400;
      message = firstIssueMessage(error);
    } else if (error instanceof UniqueConstraintViolationException) {
      // A race lost to a unique key is a 409, but one a domain check should have caught: leave a trace.
      status = 409;
      message = '이미 처리된 요청입니다.';
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
    const code = (error as { code?: unknown })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code;
    if (status < 500 && typeof code === 'string' && BODY_REFUSALS[code]) message = BODY_REFUSALS[code];
    // No answer repeats the request's address: its query may carry a key (Nest's "Cannot GET /api/v2?key=...").
    if (status === 404 && message === `Cannot ${request.method} ${request.url}`) message = NOT_FOUND_MESSAGE;
    else {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      if (query.length > 0 && message.includes(query))
        message = status === 404 ? NOT_FOUND_MESSAGE : '잘못된 요청입니다.';
    }
    // An error may name headers of its answer (a 429's Retry-After).
    const headers = (error as { headers?: unknown })?.headers;
    if (status < 500 && headers && typeof headers === 'object') void reply.headers(headers as Record<string, string>);
    void reply.status(status).send({ statusCode: status, message, ...extra });
  }
}

/** Which table and constraint, never the row's values or the query (they may be personal). */
function uniqueDetail(error: UniqueConstraintViolationException): string {
  const { constraint, table } = error as unknown as { constraint?: string; table?: string };
  return [table, constraint].filter(Boolean).join('.') || 'unknown constraint';
}

const NOT_FOUND_MESSAGE = '요청한 주소를 찾을 수 없습니다.';

/** Korean reasons for Fastify's and @fastify/multipart's own refusals of a body (their own words are English). */
const BODY_REFUSALS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '요청 본문이 올바른 JSON이 아닙니다.',
  FST_ERR_CTP_EMPTY_JSON_BODY: '요청 본문이 비어 있습니다.',
  FST_ERR_CTP_BODY_TOO_LARGE: '요청 본문이 너무 큽니다.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '지원하지 않는 요청 형식입니다.',
  FST_REQ_FILE_TOO_LARGE: '요청 본문이 너무 큽니다.',
  FST_PARTS_LIMIT: '요청에 포함된 항목이 너무 많습니다.',
  FST_FIELDS_LIMIT: '요청에 포함된 항목이 너무 많습니다.',
  FST_FILES_LIMIT: '요청에 포함된 파일이 너무 많습니다.',
};

function isFastifyClientError(error: unknown): error is { statusCode: number; message: string; code?: string } {
  const code = (error as { statusCode?: unknown })?.statusCode;
  return typeof code === 'number' && code >= 400 && code < 500;
}

/** Turns a returned Page into the rows plus ra-data-simple-rest's Content-Range header. */
@Injectable()
export class PageInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result) => {
        if (!(result instanceof Page)) return result;
        const reply = context.switchToHttp().getResponse<FastifyReply>();
        void reply.header('Content-Range', result.contentRange);
        void reply.header('Access-Control-Expose-Headers', 'Content-Range');
        return result.rows;
      }),
    );
  }
}
