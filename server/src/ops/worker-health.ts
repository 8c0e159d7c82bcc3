import { createServer, type Server } from 'node:http';

/**
 * A worker's only listener (when HEALTH_PORT is set): GET /health answers 200 while the database
 * answers, 503 otherwise; anything else is 404. It serves none of the API.
 */
export function startWorkerHealth(
  port: number,
  host: string,
  databaseAnswers: () => Promise<unknown>,
): Promise<Server> {
  const server = createServer((request, reply) => {
    if (request.method !== 'GET' || request.url !== '/health') {
      reply.writeHead(404).end();
      return;
    }
    databaseAnswers().then(
      () => reply.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok","role":"worker"}'),
      () => reply.writeHead(503, { 'content-type': 'application/json' }).end('{"status":"database unavailable"}'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
