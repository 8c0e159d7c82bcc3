import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StorefrontBootData } from '../contracts/content.js';
import { repoRoot } from '../config/index.js';
import { ShortCache } from '../shared/index.js';

export const webDirs = {
  customer: join(repoRoot, 'customer-web', 'dist'),
  admin: join(repoRoot, 'admin-web', 'dist'),
};

/** Where the storefront's index.html takes its data (customer-web/index.html keeps the marker). */
export const STOREFRONT_DATA_MARKER = '<!--storefront-data-->';

/** How long a rendered storefront index.html is reused; writes on this process drop it at once. */
const INDEX_TTL_MS = 30_000;

/** JSON that is safe inside an inline <script>: nothing in it can close the element or start a comment. */
export const inlineJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The storefront's index.html with the popups written in, rendered once and reused: for INDEX_TTL_MS,
 * or until `invalidate()` (called when an operator changes popups on this process; other replicas
 * catch up within the TTL). If the data cannot be read the page goes out without it (the app asks the
 * API as before) and is not kept.
 */
export class StorefrontIndex {
  private readonly pages: ShortCache<'index', Buffer>;

  constructor(
    private readonly file: string,
    private readonly data: () => Promise<StorefrontBootData>,
    now: () => number = Date.now,
  ) {
    this.pages = new ShortCache(INDEX_TTL_MS, () => this.build(), 1, now);
  }

  invalidate(): void {
    this.pages.forget();
  }

  /** Without its data the page goes out plain (the app then asks GET /api/service/popup) and is not kept. */
  render(): Promise<Buffer> {
    return this.pages
      .get('index')
      .catch(() => Buffer.from(readFileSync(this.file, 'utf8').replace(STOREFRONT_DATA_MARKER, '')));
  }

  private async build(): Promise<Buffer> {
    // A data block, not a script: the CSP allows the page's inline scripts by hash, and data changes.
    const script = `<script type="application/json" id="storefront-data">${inlineJson(await this.data())}</script>`;
    return Buffer.from(readFileSync(this.file, 'utf8').replace(STOREFRONT_DATA_MARKER, script));
  }
}

/**
 * Serves the built SPA at / and the console at /admin/; their index.html answers deep links.
 * `storefrontData` fills the storefront's index.html (see StorefrontIndex); the answer has `invalidate`.
 */
export async function serveWeb(
  fastify: FastifyInstance,
  uploadsDir: string,
  storefrontData?: () => Promise<StorefrontBootData>,
): Promise<{ notFound: (request: FastifyRequest, reply: FastifyReply) => boolean; invalidate: () => void }> {
  // Uploads get a fresh name each (never rewritten), so browsers may keep them for good.
  await fastify.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    wildcard: true,
    maxAge: '365d',
    immutable: true,
  });
  // Hashed assets never change under a name; the build leaves .br and .gz beside them (scripts/precompress.mjs).
  // index.html is answered by the fallback below, uncached.
  const assets = { decorateReply: false, wildcard: false, index: false, preCompressed: true } as const;
  if (existsSync(webDirs.customer)) {
    await fastify.register(fastifyStatic, {
      ...assets,
      root: webDirs.customer,
      prefix: '/',
      maxAge: '7d',
      setHeaders: immutableAssets,
    });
  }
  if (existsSync(webDirs.admin)) {
    await fastify.register(fastifyStatic, {
      ...assets,
      root: webDirs.admin,
      prefix: '/admin/',
      maxAge: '7d',
      setHeaders: immutableAssets,
    });
  }
  const customerIndex = join(webDirs.customer, 'index.html');
  const storefront = storefrontData ? new StorefrontIndex(customerIndex, storefrontData) : undefined;

  /** Called for a 404: a GET for a page (not /api, not a file) gets the app's index.html. */
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?')[0] ?? '/';
    // The storefront's API guide lives at /api (no slash); everything under /api/ is the backend.
    if (path.startsWith('/api/') || path.startsWith('/uploads/')) return false;
    if (/\.[a-z0-9]{1,8}$/i.test(path) && !path.endsWith('.html')) return false;
    const isAdmin = path === '/admin' || path.startsWith('/admin/');
    const index = isAdmin ? join(webDirs.admin, 'index.html') : customerIndex;
    if (!existsSync(index)) return false;
    const html =
      !isAdmin && storefront
        ? storefront.render().catch(() => readFileSync(index))
        : Promise.resolve(readFileSync(index));
    void html.then((body) =>
      reply.status(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(body),
    );
    return true;
  };
  return { notFound, invalidate: () => storefront?.invalidate() };
}

/** Vite's hashed files under assets/ never change under their name. */
function immutableAssets(reply: FastifyReply, path: string) {
  if (/[/\\]assets[/\\]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
}
