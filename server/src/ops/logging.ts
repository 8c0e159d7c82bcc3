import type { LoggerService } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { stripVTControlCharacters } from 'node:util';
import { Logger, type Params } from 'nestjs-pino';
import { pino } from 'pino';
import type { Env } from '../config/index.js';
import { API_KEY_FIELDS } from '../contracts/index.js';

/** A caller's X-Request-Id is kept only when it is a short, plain token (so it cannot forge or flood log lines). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Query parameters and headers that carry credentials: their values never reach a log line. Every alias the
 * v2 parser takes a key from is on it (API_KEY_FIELDS), compared without case and without an array suffix.
 */
const SECRET_PARAMS = new Set<string>([
  ...API_KEY_FIELDS,
  'apikey',
  'api-key',
  'token',
  'access_token',
  'refresh_token',
  'refreshtoken',
  'password',
]);
const isSecretParam = (name: string) => SECRET_PARAMS.has(name.toLowerCase().replace(/\[[^\]]*\]$/, ''));
const SECRET_HEADERS = new Set([
  'authorization',
  'api-key',
  'x-api-key',
  'cookie',
  'set-cookie',
  'x-bank-alert-key',
  'proxy-authorization',
]);
export const MASK = '***';

/** The request id of `req` (Fastify's genReqId): the caller's X-Request-Id when it is sane, else a fresh UUID. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Every answer says which request it was (X-Request-Id), the id every log line of that request carries. */
export function echoRequestId(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
}

/** `url` with the values of credential-like query parameters (`key=`, `api_key=` ...) masked. */
export function maskUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a broken escape is logged as sent, only the value is at stake
      }
      return eq >= 0 && isSecretParam(decoded) ? `${name}=${MASK}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Header values as logged: credentials masked, keeping only an Authorization scheme ("Bearer ***"). */
export function maskHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!SECRET_HEADERS.has(name.toLowerCase())) out[name] = value;
    else if (name.toLowerCase() === 'authorization' && typeof value === 'string' && /^\w+\s/.test(value))
      out[name] = `${value.split(/\s/)[0]} ${MASK}`;
    else out[name] = MASK;
  }
  return out;
}

interface SerializedRequest {
  id?: unknown;
  method?: string;
  url?: string;
  query?: unknown;
  headers?: Record<string, unknown>;
  remoteAddress?: string;
  [key: string]: unknown;
}

/** pino-http's request as logged: url and headers masked, the parsed query dropped (the url has it), no body. */
export function serializeRequest(req: SerializedRequest): SerializedRequest {
  const { query: _query, params: _params, raw: _raw, body: _body, ...rest } = req;
  return {
    ...rest,
    url: typeof req.url === 'string' ? maskUrl(req.url) : req.url,
    headers: req.headers ? maskHeaders(req.headers) : req.headers,
  };
}

/** Pretty on a terminal, JSON lines otherwise (a pipe, a file, a log collector) or when LOG_FORMAT=json. */
export function prettyLogs(env: Pick<Env, 'LOG_FORMAT'>, stdoutIsTty = process.stdout.isTTY === true): boolean {
  if (env.LOG_FORMAT) return env.LOG_FORMAT === 'pretty';
  return stdoutIsTty;
}

function stripEscapes(value: unknown): unknown {
  return typeof value === 'string' ? stripVTControlCharacters(value) : value;
}

/** nestjs-pino's options for the app (LoggerModule.forRoot). */
export function loggerParams(env: Env): Params {
  const pretty = prettyLogs(env);
  return {
    pinoHttp: {
      level: env.LOG_LEVEL,
      // Fastify has set req.id (requestId above); pino-http logs it as req.id.
      genReqId: (req) => (req as IncomingMessage & { id?: string }).id ?? requestId(req),
      autoLogging: { ignore: (req) => req.url === '/api/health' || req.url === '/api/metrics' },
      serializers: { req: serializeRequest },
      // Colour codes belong to the terminal's renderer, never inside a JSON line: messages are kept plain.
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map(stripEscapes) as Parameters<typeof method>);
        },
      },
      ...(pretty
        ? {
            transport: {
              target: 'pino-pretty',
              options: {
                colorize: true,
                translateTime: 'SYS:HH:MM:ss.l',
                // One line per request: method, url, status, time and the id the caller got back.
                messageFormat:
                  '{if context}[{context}] {end}{msg}{if req.method} {req.method} {req.url} {res.statusCode} {responseTime} ms id={req.id}{end}',
                ignore: 'pid,hostname,context,req,res,responseTime',
              },
            },
          }
        : {}),
    },
  };
}

/** Nest's own start-up chatter (modules loaded, every mapped route) goes to debug; the rest as Nest says. */
const STARTUP_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

export class AppLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && STARTUP_CONTEXTS.has(context)) this.pino.debug(message, ...optionalParams);
    else this.pino.log(message, ...optionalParams);
  }
  error(message: unknown, ...optionalParams: unknown[]): void {
    this.pino.error(message, ...optionalParams);
  }
  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.pino.warn(message, ...optionalParams);
  }
  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.pino.debug(message, ...optionalParams);
  }
  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.pino.verbose(message, ...optionalParams);
  }
  fatal(message: unknown, ...optionalParams: unknown[]): void {
    this.pino.fatal(message, ...optionalParams);
  }
}

/** What the server says before Nest's logger exists (e.g. the embedded database's recovery), in the same format. */
export function startupLogger(env: Env): { warn: (message: string) => void } {
  const logger = pino({
    level: env.LOG_LEVEL,
    ...(prettyLogs(env)
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
  return { warn: (message) => logger.warn(message) };
}
