// A loopback SOLAPI written from its public API reference (docs.solapi.com): POST
// /messages/v4/send-many/detail with `Authorization: HMAC-SHA256 apiKey=…, date=…, salt=…, signature=…`
// (signature = hex HMAC-SHA256(apiSecret, date + salt)); refusals are 403 {errorCode, errorMessage}
// (InvalidAPIKey, SignatureDoesNotMatch, RequestTimeTooSkewed beyond ±15 min, DuplicatedSignature).
// Answers {groupInfo: {groupId, status, count}, failedMessageList, messageList}.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SolapiMessage {
  to: string;
  from: string;
  type: string;
  kakaoOptions?: { pfId: string; templateId: string; variables: Record<string, string>; disableSms?: boolean };
}

export interface FakeSolapi {
  url: string;
  apiKey: string;
  apiSecret: string;
  pfId: string;
  sender: string;
  /** Accepted requests: their headers and messages. */
  requests: { headers: IncomingHttpHeaders; messages: SolapiMessage[] }[];
  /** Refused requests (auth) with the error code. */
  refused: string[];
  /** Templates the fake fails messages for (failedMessageList), as an unapproved template would. */
  failTemplates: Set<string>;
  close(): Promise<void>;
}

export async function startFakeSolapi(): Promise<FakeSolapi> {
  const fake = {
    apiKey: 'NCSTESTKEY0000001',
    apiSecret: 'TESTSECRET0123456789ABCDEFGHIJKLMNOPQRSTU',
    pfId: 'KA01PF2026112600000000000000001',
    sender: '0212345678',
    requests: [] as FakeSolapi['requests'],
    refused: [] as string[],
    failTemplates: new Set<string>(),
  };
  const used = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/messages/v4/send-many/detail')
        return reply(404, { errorCode: 'NotFound', errorMessage: 'Not Found' });
      const refuse = (errorCode: string) => {
        fake.refused.push(errorCode);
        reply(403, { errorCode, errorMessage: errorCode });
      };
      const auth = /^HMAC-SHA256 apiKey=([^,]+), date=([^,]+), salt=([^,]+), signature=([0-9a-f]+)$/.exec(
        req.headers.authorization ?? '',
      );
      if (!auth || auth[1] !== fake.apiKey) return refuse('InvalidAPIKey');
      const [, , date, salt, signature] = auth;
      const expected = createHmac('sha256', fake.apiSecret)
        .update(date! + salt!)
        .digest('hex');
      if (signature !== expected) return refuse('SignatureDoesNotMatch');
      if (Math.abs(Date.parse(date!) - Date.now()) > 15 * 60_000 || Number.isNaN(Date.parse(date!)))
        return refuse('RequestTimeTooSkewed');
      if (used.has(signature!)) return refuse('DuplicatedSignature');
      used.add(signature!);
      let body: { messages?: SolapiMessage[] };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return reply(400, { errorCode: 'ValidationError', errorMessage: 'invalid JSON' });
      }
      const messages = body.messages ?? [];
      if (messages.length === 0) return reply(400, { errorCode: 'ValidationError', errorMessage: 'messages is empty' });
      fake.requests.push({ headers: req.headers, messages });
      const groupId = `G4V${randomBytes(8).toString('hex').toUpperCase()}`;
      const failed = messages
        .filter((m) => m.type === 'ATA' && fake.failTemplates.has(m.kakaoOptions?.templateId ?? ''))
        .map((m) => ({
          to: m.to,
          from: m.from,
          type: m.type,
          statusCode: '3034',
          statusMessage: '템플릿 내용이 일치하지 않음',
        }));
      reply(200, {
        groupInfo: {
          groupId,
          status: 'SENDING',
          count: {
            total: messages.length,
            registeredFailed: failed.length,
            registeredSuccess: messages.length - failed.length,
          },
        },
        failedMessageList: failed,
        messageList: messages
          .filter((m) => !failed.some((f) => f.to === m.to))
          .map((m) => ({
            messageId: `M4V${randomBytes(8).toString('hex').toUpperCase()}`,
            to: m.to,
            type: m.type,
            statusCode: '2000',
          })),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
