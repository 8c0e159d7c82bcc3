import { Controller, Get, HttpCode, Injectable, type OnModuleInit, Post, Req, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResellerV2 } from '../application/v2-calls.js';
import { normaliseFields } from '../application/v2-fields.js';
import { V2_ERRORS } from '../application/v2-requests.js';
import { fieldsOf } from '../application/wire.js';

/** The path v2 answers on (`/api/v2/` too: Fastify ignores the trailing slash, see bootstrap.ts). */
const V2_ROUTES = new Set(['/api/v2']);

/** The fields of a form (urlencoded or multipart, repeated fields as arrays) or JSON body. */
async function bodyFieldsOf(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) return fieldsOf(request.body);
  const fields = new Map<string, unknown>();
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      part.file.resume();
      continue;
    }
    const before = fields.get(part.fieldname);
    fields.set(
      part.fieldname,
      before === undefined ? part.value : [...(Array.isArray(before) ? before : [before]), part.value],
    );
  }
  return Object.fromEntries(fields);
}

/**
 * The SMM panel API v2 resellers' tools speak, in every dialect they send it: `POST` or `GET`
 * `/api/v2` (or `/api/v2/`), fields in the query string, a urlencoded or multipart form or a JSON
 * body (application/v2-fields.ts reads them; application/v2-calls.ts answers). Every answer is
 * `application/json`; every refusal is HTTP 200 with `{"error": "..."}` except a key over its rate limit (429).
 */
@Controller('v2')
export class ResellerV2Controller {
  constructor(private readonly v2: ResellerV2) {}

  @Post()
  @HttpCode(200)
  post(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    return this.handle(request, reply);
  }

  @Get()
  @HttpCode(200)
  get(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    return this.handle(request, reply);
  }

  private async handle(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const fields = normaliseFields(fieldsOf(request.query), await bodyFieldsOf(request));
    const answer = await this.v2.answer({ fields, headers: request.headers });
    if (answer.retryAfter !== undefined) void reply.code(429).header('Retry-After', String(answer.retryAfter));
    if (answer.replayed) void reply.header('Idempotent-Replayed', 'true');
    return answer.body;
  }
}

/**
 * The v2 route's HTTP shape, set on Fastify itself:
 * - refusals thrown before the controller ran or by it (a malformed JSON body, a `__proto__` key, a body
 *   over the size limit: the global filter's 4xx `{statusCode, message}`) are rewritten to HTTP 200
 *   `{"error": "..."}`, as panels answer them; a 429 keeps its status; a fault of the server stays a 500;
 * - every answer's Content-Type is exactly `application/json` (tools compare the header as a string).
 */
@Injectable()
export class V2ErrorShape implements OnModuleInit {
  constructor(private readonly adapter: HttpAdapterHost) {}

  onModuleInit(): void {
    // Added before the server is ready, so it applies to the routes Nest has registered already.
    const fastify = this.adapter.httpAdapter.getInstance<FastifyInstance>();
    // Hooks with callbacks, not async ones: they run on every answer of every route.
    fastify.addHook('preSerialization', (request, reply, payload: unknown, done) => {
      if (
        !V2_ROUTES.has(request.routeOptions.url ?? '') ||
        reply.statusCode < 400 ||
        reply.statusCode >= 500 ||
        reply.statusCode === 429
      )
        return done(null, payload);
      void reply.code(200);
      done(null, { error: String((payload as { message?: unknown } | null)?.message ?? V2_ERRORS.incorrectRequest) });
    });
    fastify.addHook('onSend', (request, reply, payload, done) => {
      if (V2_ROUTES.has(request.routeOptions.url ?? '')) void reply.header('content-type', 'application/json');
      done(null, payload);
    });
  }
}
