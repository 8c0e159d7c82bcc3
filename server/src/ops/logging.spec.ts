import Fastify from 'fastify';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { pinoHttp, type Options } from 'pino-http';
import { parseEnv } from '../config/index.js';
import { API_KEY_FIELDS } from '../contracts/index.js';
import { loggerParams, logRequests, maskHeaders, maskUrl, prettyLogs, requestId, serializeRequest } from './logging.js';

describe('log masking', () => {
  it('masks credential query parameters wherever they are, and nothing else', () => {
    expect(maskUrl('/api/v2?key=abc123&action=balance')).toBe('/api/v2?key=***&action=balance');
    expect(maskUrl('/api/v1/services?x=1&api_key=zzz&API_KEY=y')).toBe('/api/v1/services?x=1&api_key=***&API_KEY=***');
    expect(maskUrl('/api/v2?monkey=1')).toBe('/api/v2?monkey=1');
    expect(maskUrl('/api/x')).toBe('/api/x');
  });

  it('masks every alias the v2 parser takes a key from, in any case and array form', () => {
    for (const name of API_KEY_FIELDS) {
      expect(maskUrl(`/api/v2?${name}=SECRETKEY&action=balance`)).toBe(`/api/v2?${name}=***&action=balance`);
      expect(maskUrl(`/api/v2?${name.toUpperCase()}=SECRETKEY`)).not.toContain('SECRETKEY');
      expect(maskUrl(`/api/v2?${name}[]=SECRETKEY&${name}%5B0%5D=SECRETKEY`)).not.toContain('SECRETKEY');
    }
    expect(maskUrl('/api/v2?api=KEY&action=balance')).toBe('/api/v2?api=***&action=balance');
  });

  it('masks credential headers, keeping the Authorization scheme', () => {
    expect(
      maskHeaders({
        authorization: 'Bearer eyJ.abc.def',
        'api-key': 'k1',
        'x-api-key': 'k2',
        cookie: 'a=b',
        accept: '*/*',
      }),
    ).toEqual({
      authorization: 'Bearer ***',
      'api-key': '***',
      'x-api-key': '***',
      cookie: '***',
      accept: '*/*',
    });
  });

  it('logs no body and no parsed query', () => {
    const out = serializeRequest({
      id: 'r1',
      method: 'POST',
      url: '/api/v2?key=s',
      query: { key: 's' },
      body: { key: 's' },
      headers: {},
    });
    expect(JSON.stringify(out)).not.toContain('"s"');
    expect(out.url).toBe('/api/v2?key=***');
  });

  it('is pretty on a terminal only, unless LOG_FORMAT says', () => {
    expect(prettyLogs({ LOG_FORMAT: undefined }, true)).toBe(true);
    expect(prettyLogs({ LOG_FORMAT: undefined }, false)).toBe(false);
    expect(prettyLogs({ LOG_FORMAT: 'json' }, true)).toBe(false);
    expect(prettyLogs({ LOG_FORMAT: 'pretty' }, false)).toBe(true);
  });
});

/**
 * A Fastify app logging its requests into `lines` (JSON, as off a terminal) through a root logger made from the
 * server's options, as nestjs-pino makes it; a request's context is a child logger with its `req`, as there.
 */
async function loggedApp(level: string, lines: string[]) {
  const params = loggerParams(parseEnv({ LOG_LEVEL: level, LOG_FORMAT: 'json' }));
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const root = pinoHttp(params.pinoHttp as Options, sink).logger;
  const context = new AsyncLocalStorage<Logger>();
  const app = Fastify({ genReqId: requestId });
  logRequests(app, { root: () => root, inContext: (req, next) => context.run(root.child({ req }), next) });
  app.get('/api/service/notes', async () => {
    context.getStore()!.info('a line of the request');
    return { ok: true };
  });
  // Stand-ins for the guards: a member's and an operator's token, a v1 key's member.
  app.get('/api/service/orders/:id', async (request) => {
    (request as unknown as { user: object }).user = { id: 42, loginId: 'm', sessionId: 1 };
    return { ok: true };
  });
  app.get('/api/admin/members', async (request) => {
    (request as unknown as { user: object }).user = { id: 3, loginId: 'o', role: 'OWNER', sessionId: 2 };
    return { ok: true };
  });
  app.post('/api/v1/order', async (request) => {
    (request as unknown as { resellerMemberId: number }).resellerMemberId = 9;
    return { ok: true };
  });
  app.get('/api/service/broken', async (request) => {
    (request as unknown as { user: object }).user = { id: 42, loginId: 'm', sessionId: 1 };
    throw new Error('a fault');
  });
  await app.ready();
  return app;
}

describe('the access line', () => {
  const browser = {
    'user-agent':
      'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile',
    accept: 'application/json, text/plain, */*',
    'accept-language': 'ko-KR,ko;q=0.9,en-US;q=0.8',
    authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjQyfQ.c2lnbmF0dXJl',
    cookie: 'theme=dark',
  };

  it('at info: one short line per request (method, path, route, status, time, id, address, member), no headers', async () => {
    const lines: string[] = [];
    const app = await loggedApp('info', lines);
    await app.inject({ method: 'GET', url: '/api/service/orders/123?tab=detail', headers: browser });
    await app.inject({ method: 'GET', url: '/api/admin/members', headers: browser });
    await app.inject({ method: 'POST', url: '/api/v1/order', headers: { ...browser, 'api-key': 'v1-secret' } });
    await app.close();
    expect(lines).toHaveLength(3);
    const [member, operator, key] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(member).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/service/orders/123', ip: '127.0.0.1' },
      res: { statusCode: 200 },
      route: '/api/service/orders/:id',
      member: 42,
    });
    expect(typeof member!.responseTime).toBe('number');
    expect((member!.req as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
    expect(operator).toMatchObject({ route: '/api/admin/members', operator: 3 });
    expect(operator!.member).toBeUndefined();
    expect(key).toMatchObject({ route: '/api/v1/order', member: 9 });
    for (const line of lines) {
      expect(line).not.toMatch(/headers|user-agent|eyJ|v1-secret|theme=dark|tab=detail/);
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(300);
    }
  });

  it('carries the request id on the lines a request writes, and writes none for the probes', async () => {
    const lines: string[] = [];
    const app = await loggedApp('info', lines);
    const answer = await app.inject({ method: 'GET', url: '/api/service/notes', headers: { 'x-request-id': 'lb-42' } });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();
    expect(answer.headers['x-request-id']).toBe('lb-42');
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ msg: 'a line of the request', req: expect.objectContaining({ id: 'lb-42' }) }),
      expect.objectContaining({ msg: 'request completed', req: expect.objectContaining({ id: 'lb-42' }) }),
    ]);
  });

  it("names the route and the member on a failed request's line too", async () => {
    const lines: string[] = [];
    const app = await loggedApp('info', lines);
    await app.inject({ method: 'GET', url: '/api/service/broken', headers: browser });
    await app.close();
    const failed = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request errored');
    expect(failed).toMatchObject({
      req: { method: 'GET', url: '/api/service/broken' },
      res: { statusCode: 500 },
      route: '/api/service/broken',
      member: 42,
    });
  });

  it('cuts a long url; at debug the masked query and headers of request and answer come along', async () => {
    const lines: string[] = [];
    const app = await loggedApp('debug', lines);
    await app.inject({ method: 'GET', url: `/api/service/orders/1?key=k&q=${'x'.repeat(500)}`, headers: browser });
    await app.close();
    const line = JSON.parse(lines.find((l) => l.includes('request completed'))!) as {
      req: { url: string; headers: Record<string, string> };
      res: { headers: Record<string, unknown> };
    };
    expect(line.req.url).toHaveLength(121);
    expect(line.req.url).toMatch(/^\/api\/service\/orders\/1\?key=\*\*\*&q=x+…$/);
    expect(line.req.headers).toMatchObject({
      authorization: 'Bearer ***',
      cookie: '***',
      'accept-language': 'ko-KR,ko;q=0.9,en-US;q=0.8',
    });
    expect(line.res.headers['x-request-id']).toBeDefined();
  });
});
