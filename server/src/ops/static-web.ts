import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whether running from server/src (tests) or server/dist (build). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export const webDirs = {
  customer: join(repoRoot, 'customer-web', 'dist'),
  admin: join(repoRoot, 'admin-web', 'dist'),
};

/** Serves the built SPA at / and the console at /admin/; their index.html answers deep links. */
export async function serveWeb(fastify: FastifyInstance, uploadsDir: string): Promise<(request: FastifyRequest, reply: FastifyReply) => boolean> {
  // Uploads get a fresh name each (never rewritten), so browsers may keep them for good.
  await fastify.register(fastifyStatic, { root: uploadsDir, prefix: '/uploads/', wildcard: true, maxAge: '365d', immutable: true });
  // Hashed assets never change under a name; the build leaves .br and .gz beside them (scripts/precompress.mjs).
  // index.html is answered by the fallback below, uncached.
  const assets = { decorateReply: false, wildcard: false, index: false, preCompressed: true } as const;
  if (existsSync(webDirs.customer)) {
    await fastify.register(fastifyStatic, { ...assets, root: webDirs.customer, prefix: '/', maxAge: '7d', setHeaders: immutableAssets });
  }
  if (existsSync(webDirs.admin)) {
    await fastify.register(fastifyStatic, { ...assets, root: webDirs.admin, prefix: '/admin/', maxAge: '7d', setHeaders: immutableAssets });
  }

  /** Called for a 404: a GET for a page (not /api, not a file) gets the app's index.html. */
  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?')[0] ?? '/';
    // The storefront's API guide lives at /api (no slash); everything under /api/ is the backend.
    if (path.startsWith('/api/') || path.startsWith('/uploads/')) return false;
    if (/\.[a-z0-9]{1,8}$/i.test(path) && !path.endsWith('.html')) return false;
    const isAdmin = path === '/admin' || path.startsWith('/admin/');
    const index = join(isAdmin ? webDirs.admin : webDirs.customer, 'index.html');
    if (!existsSync(index)) return false;
    void reply.status(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(readFileSync(index));
    return true;
  };
}

/** Vite's hashed files under assets/ never change under their name. */
function immutableAssets(reply: FastifyReply, path: string) {
  if (/[/\\]assets[/\\]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
}
