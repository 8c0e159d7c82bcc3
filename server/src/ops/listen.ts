import { createServer as netServer, type Server as NetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** How many sockets accept connections on the port, the HTTP server's own among them. */
export const ACCEPTING_SOCKETS = 32;

function listening(server: NetServer, options: { port: number; host: string; reusePort?: boolean }): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

const closing = (server: NetServer) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * Listens on `port` with several accepting sockets. libuv accepts one connection per event-loop turn
 * (libuv#3696), and under load a turn takes 10–20 ms: 300 reseller tools connecting at once (after a
 * restart or a deploy) waited up to 3 s in the kernel's accept queue (bench/v2-tools.mjs, "arrival"). The
 * port is opened by {@link ACCEPTING_SOCKETS} sockets (SO_REUSEPORT: the kernel spreads new connections
 * over them), each handing its connections to the one HTTP server, so that many are accepted per turn.
 * Answers the extra sockets, to close before the app. Off Linux (no reusePort in Node there), one socket.
 */
export async function listenWithAcceptors(
  app: NestFastifyApplication,
  port: number,
  host: string,
): Promise<NetServer[]> {
  // The port must be free: shared sockets would not see another process listening on it (of this user),
  // a plain bind does and fails with EADDRINUSE, as a server started twice should.
  if (port !== 0) {
    const probe = netServer();
    await listening(probe, { port, host });
    await closing(probe);
  }
  if (process.platform !== 'linux') {
    await app.listen({ port, host });
    return [];
  }
  // Fastify hands its listen options to Node's server.listen, reusePort included (its types omit it).
  await app.listen({ port, host, reusePort: true } as { port: number; host: string });
  const http = app.getHttpServer();
  const bound = (http.address() as AddressInfo).port;
  const acceptors: NetServer[] = [];
  for (let i = 1; i < ACCEPTING_SOCKETS; i++) {
    const acceptor = netServer((socket) => http.emit('connection', socket));
    await listening(acceptor, { port: bound, host, reusePort: true });
    acceptors.push(acceptor);
  }
  return acceptors;
}

/**
 * Stops the extra sockets accepting, at once. Their connections belong to the HTTP server, which the app
 * closes next (idle ones at once, busy ones when answered); a socket's own close callback would wait for them.
 */
export function closeAcceptors(acceptors: NetServer[]): void {
  for (const acceptor of acceptors) acceptor.close();
}
