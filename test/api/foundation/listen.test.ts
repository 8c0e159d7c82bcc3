import http from 'node:http';
import type { Server as NetServer } from 'node:net';
import { startReplica, startTestApp, type TestApp } from '../../support/test-app.js';
import { freePort } from '../../../server/src/database/embedded-postgres.js';
import { ACCEPTING_SOCKETS, closeAcceptors, listenWithAcceptors } from '../../../server/src/ops/listen.js';

/** The port is accepted by several sockets (libuv accepts one connection per turn and socket). */
describe('listening with several accepting sockets', () => {
  let t: TestApp;
  let port: number;
  let acceptors: NetServer[];
  beforeAll(async () => {
    t = await startTestApp();
    port = await freePort();
    acceptors = await listenWithAcceptors(t.app, port, '127.0.0.1');
  });
  afterAll(async () => {
    closeAcceptors(acceptors);
    await t.close();
  });

  it('opens the port with every socket, and each hands its connections to the one HTTP server', async () => {
    expect(acceptors).toHaveLength(ACCEPTING_SOCKETS - 1);
    // 64 new connections at once, kept open: the kernel spreads them over the sockets, and all are answered.
    const agent = new http.Agent({ keepAlive: true });
    const answers = await Promise.all(
      Array.from(
        { length: 64 },
        () =>
          new Promise<number>((resolve, reject) =>
            http
              .get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
                res.resume();
                res.on('end', () => resolve(res.statusCode!));
              })
              .on('error', reject),
          ),
      ),
    );
    expect(answers).toEqual(answers.map(() => 200));
    const accepted = await Promise.all(
      acceptors.map((a) => new Promise<number>((resolve) => a.getConnections((_, n) => resolve(n)))),
    );
    // An acceptor counts the connections it handed over while they are open: most came through them.
    expect(accepted.reduce((a, b) => a + b, 0)).toBeGreaterThan(32);
    agent.destroy();
  });

  it('refuses to start where the port is taken, as a server started twice should', async () => {
    const other = await startReplica(t);
    try {
      await expect(listenWithAcceptors(other.app, port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await other.close();
    }
  });
});
