import { Controller, Get, Header } from '@nestjs/common';
import { z } from 'zod';
import { ERRORS } from '../../../contracts/index.js';
import { V1_STATUS, V2_BATCH_LIMIT, resellerOrderSchema } from '../application/wire.js';
import { V2_ACTIONS, V2_REQUESTS } from '../application/v2-requests.js';
import { V2_ANSWERS, v2ErrorAnswer } from '../application/v2-answers.js';

/**
 * The OpenAPI 3.1 description of the reseller APIs, generated from the zod schemas the controllers
 * validate with (zod's own JSON Schema output, draft 2020-12 as OpenAPI 3.1 uses it): request bodies
 * as they are accepted (`io: 'input'`), answers as the contract the suites check them against.
 */

/** JSON Schema of a zod schema, as OpenAPI 3.1 embeds it. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return json;
}

/** v1's order body: the storefront's order request without runs and interval (v1 places single orders). */
export const v1OrderBody = resellerOrderSchema.pick({ serviceId: true, link: true, amount: true });
const v1Service = z.object({ id: z.int(), min: z.int(), max: z.int(), text: z.string() });
const v1Status = z.object({ status: z.enum(Object.values(V1_STATUS) as [string, ...string[]]), remains: z.int() });
/** The answer of every refusal outside v2: a stable code (contracts/error-codes.ts) beside the Korean reason. */
const errorRef = { $ref: '#/components/schemas/error' };
const errorSchemas = {
  error: {
    type: 'object',
    required: ['statusCode', 'code', 'message'],
    properties: {
      statusCode: { type: 'integer' },
      code: { $ref: '#/components/schemas/error_code' },
      message: { type: 'string', description: 'Korean reason, for people (may be reworded; branch on `code`)' },
    },
  },
  error_code: {
    type: 'string',
    description:
      'A refusal’s stable machine code; `x-enum-descriptions` gives each one’s Korean message and `x-enum-statuses` the HTTP status it is answered with',
    enum: Object.keys(ERRORS),
    'x-enum-descriptions': Object.values(ERRORS).map((refusal) => refusal.message),
    'x-enum-statuses': Object.values(ERRORS).map((refusal) => refusal.status),
  },
};

const json = (schema: Record<string, unknown>) => ({ 'application/json': { schema } });
const v1Errors = {
  '400': { description: 'Refused (the order form’s Korean message)', content: json(errorRef) },
  '401': { description: 'No valid key in the `api-key` header', content: json(errorRef) },
};

export function buildOpenApiDocument(): Record<string, unknown> {
  const v2Body = {
    oneOf: V2_ACTIONS.map((action) => ({ $ref: `#/components/schemas/v2_${action}_request` })),
    discriminator: { propertyName: 'action' },
  };
  const v2Answer = {
    oneOf: [
      ...V2_ACTIONS.map((action) => ({ $ref: `#/components/schemas/v2_${action}_answer` })),
      { $ref: '#/components/schemas/v2_error' },
    ],
  };
  const v2Operation = (method: 'get' | 'post') => ({
    summary: `SMM panel API v2 (${method.toUpperCase()}): actions ${V2_ACTIONS.join(', ')}`,
    description:
      'Fields may come in the query string, a urlencoded or multipart form, or a JSON body (the body wins). `action` is matched without regard to case. ' +
      'Optional fields sent empty or as `undefined`/`null` (or `0` where zero means absent: runs, interval, comments, username, posts) are absent. ' +
      `Id lists take up to ${V2_BATCH_LIMIT} ids as \`1,2,3\`, a JSON array or \`orders[]=1&orders[]=2\`. Also served at \`/api/v2/\`.`,
    security: [{ v2Key: [] }, { v2Header: [] }, { bearer: [] }],
    ...(method === 'post'
      ? {
          requestBody: {
            required: false,
            content: {
              'application/x-www-form-urlencoded': { schema: v2Body },
              'multipart/form-data': { schema: v2Body },
              'application/json': { schema: v2Body },
            },
          },
        }
      : {
          parameters: [
            { name: 'key', in: 'query', schema: { type: 'string' } },
            { name: 'action', in: 'query', required: true, schema: { type: 'string', enum: [...V2_ACTIONS] } },
          ],
        }),
    responses: {
      '200': { description: 'The action’s answer, or `{"error": "..."}` for any refusal', content: json(v2Answer) },
      '429': {
        description: 'The key sent too fast (per-key limit shared by every replica); `Retry-After` in seconds',
        content: json({ $ref: '#/components/schemas/v2_error' }),
      },
    },
  });
  const schemas: Record<string, unknown> = { ...errorSchemas, v2_error: schemaOf(v2ErrorAnswer) };
  for (const action of V2_ACTIONS) {
    schemas[`v2_${action}_request`] = schemaOf(V2_REQUESTS[action], 'input');
    schemas[`v2_${action}_answer`] = schemaOf(V2_ANSWERS[action]);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'SMM 패널 리셀러 API',
      version: '2',
      description: 'v1 (key in the `api-key` header) and the SMM panel API v2. Amounts are whole KRW.',
    },
    servers: [{ url: '/' }],
    paths: {
      '/api/v1/services': {
        get: {
          summary: 'Orderable services',
          security: [{ v1Key: [] }],
          responses: {
            '200': { description: 'Services', content: json(schemaOf(z.array(v1Service))) },
            '401': v1Errors['401'],
          },
        },
      },
      '/api/v1/order': {
        post: {
          summary: 'Place a single order',
          security: [{ v1Key: [] }],
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              schema: { type: 'string', minLength: 1, maxLength: 100 },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: schemaOf(v1OrderBody, 'input') },
              'application/x-www-form-urlencoded': { schema: schemaOf(v1OrderBody, 'input') },
            },
          },
          responses: {
            '201': { description: 'Placed', content: json(schemaOf(z.object({ wId: z.int() }))) },
            ...v1Errors,
          },
        },
      },
      '/api/v1/status/{wId}': {
        get: {
          summary: 'Status of an order',
          security: [{ v1Key: [] }],
          parameters: [{ name: 'wId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
          responses: {
            '200': { description: 'Status', content: json(schemaOf(v1Status)) },
            ...v1Errors,
            '404': { description: 'Not the key owner’s order', content: json(errorRef) },
          },
        },
      },
      '/api/v2': { get: v2Operation('get'), post: v2Operation('post') },
    },
    // Reseller webhooks (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature headers),
    // set on the account page or with PUT /api/auth/webhook.
    webhooks: Object.fromEntries(
      (Object.keys(WEBHOOK_DATA) as (keyof typeof WEBHOOK_DATA)[]).map((type) => [
        type,
        {
          post: {
            summary: WEBHOOK_DATA[type].summary,
            parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
              name,
              in: 'header',
              required: true,
              schema: { type: 'string' },
            })),
            requestBody: {
              required: true,
              content: json(
                schemaOf(
                  z.object({ type: z.literal(type), timestamp: z.iso.datetime(), data: WEBHOOK_DATA[type].data }),
                ),
              ),
            },
            responses: {
              '2XX': {
                description: 'Received; anything else is retried (5 s, 30 s, 2 min, 10 min, 1 h, 6 h; 24 h at most)',
              },
            },
          },
        },
      ]),
    ),
    components: {
      schemas,
      securitySchemes: {
        v1Key: { type: 'apiKey', in: 'header', name: 'api-key' },
        v2Key: { type: 'apiKey', in: 'query', name: 'key', description: 'Or a `key`, `api_key` or `api` body field' },
        v2Header: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}

const money = z.string().regex(/^-?\d+$/);
/** What each webhook event carries in `data`. */
const WEBHOOK_DATA = {
  'order.updated': {
    summary: 'An order changed: the fields of v2 `status`',
    data: z.object({
      order: z.int(),
      status: z.enum(['Pending', 'Processing', 'In progress', 'Completed', 'Partial', 'Canceled']),
      charge: money,
      start_count: money,
      remains: money,
      currency: z.literal('KRW'),
    }),
  },
  'refill.updated': {
    summary: 'A refill was completed or rejected',
    data: z.object({ refill: z.int(), order: z.int(), status: z.string(), reason: z.string().nullable() }),
  },
  'subscription.updated': {
    summary: 'A subscription changed status or covered a post',
    data: z.object({ subscription: z.int(), status: z.string(), expiry: z.string().nullable(), posts: money }),
  },
  'balance.changed': {
    summary: 'Points credited: a charge accepted, a refund',
    data: z.object({
      balance: money,
      amount: money,
      kind: z.string(),
      reference: z.string(),
      currency: z.literal('KRW'),
    }),
  },
  'webhook.test': { summary: 'The test event of the account page', data: z.object({ message: z.string() }) },
  'service.updated': {
    summary:
      'A service changed (sent to every member with a webhook): its list price rose or dropped, it was paused, resumed, added or removed. `rate` is the list price of 1000 (of one package) in KRW; your own price may differ by your level or custom rate: read v2 `services`.',
    data: z.object({
      service: z.int(),
      name: z.string(),
      change: z.enum(['price_up', 'price_down', 'paused', 'resumed', 'added', 'removed']),
      old_rate: z.string().nullable(),
      rate: z.string().nullable(),
      currency: z.literal('KRW'),
      at: z.string(),
    }),
  },
} as const;

/** `GET /api/openapi.json`: built once, on first request. */
@Controller()
export class OpenApiController {
  private document?: string;

  @Get('openapi.json')
  @Header('Content-Type', 'application/json')
  @Header('Cache-Control', 'public, max-age=300')
  openapi(): string {
    this.document ??= JSON.stringify(buildOpenApiDocument());
    return this.document;
  }
}
