import http from 'node:http';

/**
 * One form-encoded POST /api/v2 on loopback over `agent`: { status, body, ms }. A call unanswered in 30 s
 * counts as an error (status 0), not a hang of the bench.
 */
export function v2Call(agent, port, fields) {
  const body = new URLSearchParams(fields).toString();
  return new Promise((done) => {
    const started = performance.now();
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/v2',
        agent,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          done({ status: res.statusCode, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }),
        );
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => done({ status: 0, body: '', ms: performance.now() - started }));
    req.end(body);
  });
}
