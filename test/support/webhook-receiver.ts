// A reseller's webhook endpoint on loopback: verifies every delivery with the `standardwebhooks` package
// (the secret it is given), records what it saw (headers, raw body, verified or why not), and can be
// taken down (connections refused) and brought up again on the same port, told to answer an error, or
// made dead (`silent`: it reads every delivery and never answers, as a hung receiver does).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The parsed body when the signature verified, else null. */
  verified: { type: string; timestamp: string; data: Record<string, unknown> } | null;
  error: string | null;
  /** Wall time it arrived (Date.now()), for the closing note's figures; tests assert on order, not time. */
  at: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Deliveries that verified, in arrival order. */
  readonly verified: ReceivedWebhook[];
  secret: string | null;
  /** HTTP status to answer with (200 unless a test breaks it). */
  status: number;
  /** What it answers with (a JSON receipt unless a test sets a long text). */
  answerBody: string | null;
  /** How long it takes to answer once it has read a delivery (a slow receiver; 0 by default). */
  delayMs: number;
  /** Never answers (the connection stays open until the sender gives up). */
  silent: boolean;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let server: Server;
  let port = 0;
  const receiver = {
    received: [] as ReceivedWebhook[],
    secret: null as string | null,
    status: 200,
    delayMs: 0,
    silent: false,
    answerBody: null as string | null,
  };
  const handler = (request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: ReceivedWebhook['verified'] = null;
      let error: string | null = null;
      try {
        verified = new Webhook(receiver.secret ?? 'whsec_').verify(
          body,
          request.headers as Record<string, string>,
        ) as never;
      } catch (e) {
        error = (e as Error).message;
      }
      receiver.received.push({ headers: request.headers, body, verified, error, at: Date.now() });
      if (receiver.silent) return;
      const answer = () => {
        response.writeHead(verified ? receiver.status : 400, { 'content-type': 'application/json' });
        response.end(
          verified ? (receiver.answerBody ?? JSON.stringify({ received: true })) : JSON.stringify({ error }),
        );
      };
      if (receiver.delayMs > 0) setTimeout(answer, receiver.delayMs);
      else answer();
    });
  };
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer(handler);
      server.keepAliveTimeout = 1000;
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen();
  // defineProperty, not Object.assign: assign would read the getter once and keep that value.
  Object.defineProperty(receiver, 'verified', { get: () => receiver.received.filter((r) => r.verified) });
  return Object.assign(receiver as typeof receiver & { readonly verified: ReceivedWebhook[] }, {
    url: `http://127.0.0.1:${port}/hooks`,
    down: stop,
    up: listen,
    close: stop,
  });
}
