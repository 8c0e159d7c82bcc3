import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/** A request's body as text. */
export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * An async handler as node:http's listener: a fake that throws answers 500 with the error, which the
 * test then sees, instead of leaving an unhandled rejection and a request that never ends.
 */
export const listener =
  (handle: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>): RequestListener =>
  (request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(String(error));
    });
  };
