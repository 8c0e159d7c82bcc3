import type { LoggerService } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { stripVTControlCharacters } from 'node:util';
import { Logger, type Params } from 'nestjs-pino';
import { pino, type BaseLogger } from 'pino';
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

/** Longest url an access line carries (the route names the endpoint; a long query is cut). */
const URL_LOGGED = 120;

/**
 * The request as logged (after pino's standard serializer): id, method, url (cut at 120 characters) and the
 * client's address (`ip`). `verbose` (at debug) adds the query string (credentials masked) and the masked
 * headers. Never the body or the parsed query.
 */
export function serializeRequest(req: SerializedRequest, verbose = true): SerializedRequest {
  let url = req.url;
  if (typeof url === 'string') {
    url = verbose ? maskUrl(url) : url.split('?')[0]!;
    if (url.length > URL_LOGGED) url = `${url.slice(0, URL_LOGGED)}…`;
  }
  return {
    id: req.id,
    method: req.method,
    url,
    ip: req.remoteAddress,
    ...(verbose && req.headers ? { headers: maskHeaders(req.headers) } : {}),
  };
}

interface SerializedResponse {
  statusCode?: number;
  headers?: Record<string, unknown>;
}

/** The response as logged: its status; `verbose` (at debug) adds the masked headers. */
export function serializeResponse(res: SerializedResponse, verbose = true): SerializedResponse {
  return { statusCode: res.statusCode, ...(verbose && res.headers ? { headers: maskHeaders(res.headers) } : {}) };
}

/** The request's route pattern and who made it (a member's or operator's token, a v1 key's member), once known. */
function accessContext(request: FastifyRequest): { route?: string; member?: number; operator?: number } {
  const who = request as unknown as { user?: { id?: unknown; role?: unknown }; resellerMemberId?: number };
  const route = request.routeOptions.url;
  const id = who.user?.id;
  if (typeof id === 'number') return who.user!.role === undefined ? { route, member: id } : { route, operator: id };
  return typeof who.resellerMemberId === 'number' ? { route, member: who.resellerMemberId } : { route };
}

/** Where request logging writes: the root logger, and a context in which a request's own lines carry its `req`. */
export interface RequestLogging {
  root(): BaseLogger;
  inContext(req: IncomingMessage, next: () => void): void;
}

/** Probes, polled every few seconds by the orchestrator and the collector, write no access line. */
const UNLOGGED = new Set(['/api/health', '/api/metrics']);

/**
 * Every answer says which request it was (X-Request-Id, the id every log line of that request carries), and
 * each request gets one access line when its answer has gone. Fastify's own hooks do it: the route and the guards
 * have run by onResponse. pino-http through Nest's middleware did it with middie's route match, a child logger
 * for the line and three listeners on every response.
 */
export function logRequests(fastify: FastifyInstance, logging: RequestLogging): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    // The raw request carries the id too: the `req` serializer (pino's standard one, then serializeRequest) reads it.
    (request.raw as IncomingMessage & { id?: string }).id = request.id;
    void reply.header('X-Request-Id', request.id);
    logging.inContext(request.raw, done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    if (!UNLOGGED.has(request.raw.url!)) {
      const line = {
        ...accessContext(request),
        req: request.raw,
        res: reply.raw,
        responseTime: Math.round(reply.elapsedTime),
      };
      logging.root().info(line, reply.statusCode >= 500 ? 'request errored' : 'request completed');
    }
    done();
  });
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
  // One short access line per request at info; query strings and every header only at debug and trace.
  const verbose = env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace';
  return {
    // No middleware: logRequests writes the access line from Fastify's hooks. nestjs-pino keeps the root logger
    // (made with pino-http's options: its serializers of req and res) and the per-request context.
    forRoutes: [],
    pinoHttp: {
      level: env.LOG_LEVEL,
      serializers: {
        req: (req: SerializedRequest) => serializeRequest(req, verbose),
        res: (res: SerializedResponse) => serializeResponse(res, verbose),
      },
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
                  '{if context}[{context}] {end}{msg}{if req.method} {req.method} {req.url} {res.statusCode} {responseTime} ms id={req.id}{end}{if member} member={member}{end}{if operator} operator={operator}{end}',
                ignore: 'pid,hostname,context,req,res,responseTime,route,member,operator',
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
