// A loopback server speaking the Telegram Bot API's sendMessage (POST /bot<token>/sendMessage with
// {chat_id, text}): answers {ok: true, result: {message_id, chat, date, text}}, or, when told, the Bot
// API's errors {ok: false, error_code, description, parameters: {retry_after}} (429 Too Many Requests, 500).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentMessage {
  token: string;
  chatId: string;
  text: string;
  messageId: number;
}

export interface FakeTelegram {
  url: string;
  token: string;
  chatId: string;
  /** Messages accepted (answered ok). */
  sent: SentMessage[];
  /** Every sendMessage request, accepted or not. */
  requests: number;
  /** The next answers to give instead of ok, in order: 429 (with retry_after) or 500. */
  failNext(...answers: ({ code: 429; retryAfter: number } | { code: 500 })[]): void;
  close(): Promise<void>;
}

export async function startFakeTelegram(token = '123456:TEST-token', chatId = '-1001234567890'): Promise<FakeTelegram> {
  const sent: SentMessage[] = [];
  const failures: ({ code: 429; retryAfter: number } | { code: 500 })[] = [];
  let requests = 0;
  let nextId = 1;
  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const match = /^\/bot([^/]+)\/sendMessage$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match)
        return reply(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      if (match[1] !== token) return reply(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      requests++;
      let body: { chat_id?: string | number; text?: string };
      try {
        body = JSON.parse(raw);
      } catch {
        return reply(res, 400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
      }
      if (String(body.chat_id) !== chatId)
        return reply(res, 400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
      if (!body.text)
        return reply(res, 400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
      const failure = failures.shift();
      if (failure?.code === 429)
        return reply(res, 429, {
          ok: false,
          error_code: 429,
          description: `Too Many Requests: retry after ${failure.retryAfter}`,
          parameters: { retry_after: failure.retryAfter },
        });
      if (failure?.code === 500)
        return reply(res, 500, { ok: false, error_code: 500, description: 'Internal Server Error' });
      const messageId = nextId++;
      sent.push({ token: match[1]!, chatId: String(body.chat_id), text: body.text, messageId });
      reply(res, 200, {
        ok: true,
        result: {
          message_id: messageId,
          chat: { id: Number(chatId), type: 'supergroup' },
          date: Math.floor(Date.now() / 1000),
          text: body.text,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    chatId,
    sent,
    get requests() {
      return requests;
    },
    failNext: (...answers) => failures.push(...answers),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
