// Real servers on 127.0.0.1 standing in for the outside partners identity talks to: an SMTP server
// (the smtp-server package), an SMS gateway and the Naver/Kakao OAuth endpoints (plain node:http).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { listener, readBody } from './loopback.js';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** Decodes the bytes of a quoted-printable text (soft line breaks removed). */
function decodeQuotedPrintable(text: string, underscoreIsSpace = false): string {
  const source = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const hex = source[i] === '=' ? source.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(underscoreIsSpace && source[i] === '_' ? 0x20 : source.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= / =?UTF-8?Q?...?=) in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data, true),
    );
}

/** A single-part text mail as nodemailer writes it: headers, blank line, body in its transfer encoding. */
export function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map(
    head.split(/\r?\n/).map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()] as const;
    }),
  );
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { from, to, subject: decodeHeader(headers.get('subject') ?? ''), text };
}

export interface SmtpCatcher {
  url: string;
  mails: ReceivedMail[];
  /** The oldest mail for `to` not yet taken (waits for one if none is there). */
  next(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<SmtpCatcher> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiting: { to: string; resolve: (m: ReceivedMail) => void }[] = [];
  const take = (to: string) => {
    const mail = mails.find((m) => !taken.has(m) && m.to.includes(to));
    if (mail) taken.add(mail);
    return mail;
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parseMail(
          Buffer.concat(chunks).toString('utf8'),
          session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          session.envelope.rcptTo.map((r) => r.address),
        );
        mails.push(mail);
        for (const w of [...waiting]) {
          const found = take(w.to);
          if (found) {
            waiting.splice(waiting.indexOf(w), 1);
            w.resolve(found);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next(to) {
      const mail = take(to);
      return mail ? Promise.resolve(mail) : new Promise((resolve) => waiting.push({ to, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) => () => new Promise<void>((resolve) => server.close(() => resolve()));

export interface SmsGateway {
  url: string;
  received: { headers: IncomingMessage['headers']; body: { to: string; from: string; text: string } }[];
  /** HTTP status the gateway answers with (200 unless a test breaks it). */
  status: number;
  close(): Promise<void>;
}

/** A JSON SMS gateway: POST {to, from, text}, answers `status`. */
export async function startSmsGateway(): Promise<SmsGateway> {
  const gateway: Omit<SmsGateway, 'url' | 'close'> = { received: [], status: 200 };
  const server = createServer(
    listener(async (request, response) => {
      const body = JSON.parse(await readBody(request)) as SmsGateway['received'][number]['body'];
      gateway.received.push({ headers: request.headers, body });
      response
        .writeHead(gateway.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ok: gateway.status < 300 }));
    }),
  );
  return Object.assign(gateway, { url: `${await listen(server)}/send`, close: close(server) });
}

export interface SocialUser {
  id: string | number;
  email?: string;
}

export interface FakeOAuth {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The JavaScript key Kakao's SDK must be initialised with (the KAKAO_TOKEN setting). */
  kakaoAppKey: string;
  /** An authorization code Naver's popup would hand back, for this user. */
  naverCode(code: string, user: SocialUser): void;
  /** An access token Kakao's SDK would hand the page, for this user. */
  kakaoToken(token: string, user: SocialUser): void;
  /** Who is signed in at Naver in the browser: the authorize page hands their code back (null: the page refuses). */
  signInAtNaver(user: SocialUser | null): void;
  /** Who is signed in at Kakao in the browser: the SDK's Auth.login hands the page their token (null: it fails). */
  signInAtKakao(user: SocialUser | null): void;
  requests: { method: string; path: string; query: Record<string, string>; body: string; authorization?: string }[];
  close(): Promise<void>;
}

/**
 * Kakao's JavaScript SDK as far as the storefront uses it (Kakao.init, isInitialized, Auth.login), served at
 * the real SDK's path: Auth.login asks the fake for the signed-in user's token with the app key it was given.
 */
const kakaoSdk = (origin: string) => `(function () {
  var appKey = null;
  window.Kakao = {
    VERSION: 'fake',
    init: function (key) { appKey = String(key); },
    isInitialized: function () { return appKey !== null; },
    Auth: {
      login: function (options) {
        if (appKey === null) throw new Error('Kakao.init() first');
        fetch(${JSON.stringify(origin)} + '/oauth/sdk-token', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ app_key: appKey }) })
          .then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); })
          .then(function (answer) { answer.ok ? options.success(answer.body) : options.fail(answer.body); }, function (error) { options.fail({ error: String(error) }); });
      },
    },
  };
})();
`;

/**
 * Naver's token endpoint (POST /oauth2.0/token, form) and profile (GET /v1/nid/me) and Kakao's user
 * endpoint (GET /v2/user/me), answering as the real ones do for valid and invalid credentials; and the
 * browser's side: Naver's authorize page (GET /oauth2.0/authorize) and Kakao's JavaScript SDK
 * (GET /sdk/js/kakao.min.js), at the real hosts' paths so a browser test can route those hosts here.
 */
export async function startFakeOAuth(): Promise<FakeOAuth> {
  const clientId = 'naver-client-id';
  const clientSecret = 'naver-client-secret';
  const kakaoAppKey = 'kakao-javascript-key';
  let naverUser: SocialUser | null = null;
  let kakaoUser: SocialUser | null = null;
  let issued = 0;
  const naverCodes = new Map<string, SocialUser>();
  const naverTokens = new Map<string, SocialUser>();
  const kakaoTokens = new Map<string, SocialUser>();
  const requests: FakeOAuth['requests'] = [];
  const server = createServer(
    listener(async (request, response) => {
      const body = await readBody(request);
      const url = new URL(request.url ?? '/', 'http://localhost');
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        authorization: request.headers.authorization,
      });
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (request.method === 'POST' && url.pathname === '/oauth2.0/token') {
        const form = new URLSearchParams(body);
        const user = naverCodes.get(form.get('code') ?? '');
        if (
          form.get('client_id') !== clientId ||
          form.get('client_secret') !== clientSecret ||
          form.get('grant_type') !== 'authorization_code' ||
          !user
        ) {
          return json(200, { error: 'invalid_request', error_description: 'no valid data in session' });
        }
        naverCodes.delete(form.get('code')!);
        const token = `naver-token-${naverTokens.size + 1}`;
        naverTokens.set(token, user);
        return json(200, { access_token: token, refresh_token: 'r', token_type: 'bearer', expires_in: '3600' });
      }
      if (request.method === 'GET' && url.pathname === '/v1/nid/me') {
        const user = naverTokens.get(bearer);
        if (!user) return json(401, { resultcode: '024', message: 'Authentication failed' });
        return json(200, {
          resultcode: '00',
          message: 'success',
          response: { id: String(user.id), email: user.email, nickname: 'tester' },
        });
      }
      if (request.method === 'GET' && url.pathname === '/v2/user/me') {
        const user = kakaoTokens.get(bearer);
        if (!user) return json(401, { msg: 'this access token does not exist', code: -401 });
        return json(200, {
          id: user.id,
          connected_at: '2024-01-01T00:00:00Z',
          kakao_account: user.email ? { email: user.email, is_email_valid: true, is_email_verified: true } : {},
        });
      }
      // The browser's side. Naver's authorize page: the signed-in user consents, the browser goes back to
      // redirect_uri with a fresh code and the state it was given.
      if (request.method === 'GET' && url.pathname === '/oauth2.0/authorize') {
        const q = url.searchParams;
        const redirect = q.get('redirect_uri') ?? '';
        if (
          q.get('response_type') !== 'code' ||
          q.get('client_id') !== clientId ||
          !/^https?:\/\//.test(redirect) ||
          !naverUser
        ) {
          return response
            .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
            .end('<p>잘못된 요청입니다.</p>');
        }
        const code = `naver-code-${++issued}`;
        naverCodes.set(code, naverUser);
        const back = new URL(redirect);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state') ?? '');
        return response.writeHead(302, { location: back.toString() }).end();
      }
      if (request.method === 'GET' && url.pathname === '/sdk/js/kakao.min.js') {
        // Kakao's SDK gets its token from Kakao's auth host (a browser test routes that host here too).
        return response
          .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'access-control-allow-origin': '*' })
          .end(kakaoSdk('https://kauth.kakao.com'));
      }
      // What the SDK's Auth.login obtains after the user's consent: an access token for the app key.
      if (request.method === 'POST' && url.pathname === '/oauth/sdk-token') {
        const cors = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
        let appKey: unknown;
        try {
          appKey = (JSON.parse(body) as { app_key?: unknown }).app_key;
        } catch {
          /* refused below */
        }
        if (appKey !== kakaoAppKey)
          return response
            .writeHead(401, cors)
            .end(JSON.stringify({ error: 'invalid_client', error_description: 'wrong appKey' }));
        if (!kakaoUser)
          return response
            .writeHead(401, cors)
            .end(JSON.stringify({ error: 'access_denied', error_description: 'User denied access' }));
        const token = `kakao-token-${++issued}`;
        kakaoTokens.set(token, kakaoUser);
        return response
          .writeHead(200, cors)
          .end(JSON.stringify({ access_token: token, token_type: 'bearer', expires_in: 7199, scope: 'account_email' }));
      }
      json(404, { error: 'not found' });
    }),
  );
  return {
    url: await listen(server),
    clientId,
    clientSecret,
    kakaoAppKey,
    naverCode: (code, user) => naverCodes.set(code, user),
    kakaoToken: (token, user) => kakaoTokens.set(token, user),
    signInAtNaver: (user) => {
      naverUser = user;
    },
    signInAtKakao: (user) => {
      kakaoUser = user;
    },
    requests,
    close: close(server),
  };
}

/** The server's environment that points Naver and Kakao login at `oauth` (both on). */
export const oauthEnv = (oauth: FakeOAuth): Record<string, string> => ({
  NAVER_CLIENT_ID: oauth.clientId,
  NAVER_CLIENT_SECRET: oauth.clientSecret,
  NAVER_AUTH_URL: oauth.url,
  NAVER_API_URL: oauth.url,
  KAKAO_API_URL: oauth.url,
  KAKAO_ENABLED: 'true',
});
