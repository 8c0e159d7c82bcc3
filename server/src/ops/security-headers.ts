import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/index.js';
import { webDirs } from './static-web.js';

/** Kakao's JavaScript SDK (customer-web social-login.ts) and the login window it talks to. */
const KAKAO = {
  script: ['https://developers.kakao.com', 'https://t1.kakaocdn.net'],
  connect: ['https://kauth.kakao.com', 'https://kapi.kakao.com'],
  frame: ['https://kauth.kakao.com'],
};
/** Toss Payments' payment widget SDK, per its docs (script, API and event hosts, its payment window). */
const TOSS = {
  script: ['https://js.tosspayments.com'],
  connect: ['https://api.tosspayments.com', 'https://event.tosspayments.com', 'https://log.tosspayments.com'],
  frame: ['https://*.tosspayments.com', 'https://*.toss.im'],
};

/** The SHA-256 CSP sources of the inline scripts (`<script>` without attributes) of the built pages. */
export function inlineScriptHashes(files: string[]): string[] {
  const hashes = new Set<string>();
  for (const file of files) {
    if (!existsSync(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

export interface PageHosts {
  /** Kakao login possible (KAKAO_ENABLED): its SDK's hosts are allowed. */
  kakao: boolean;
  /** Toss payments possible: its SDK's hosts are allowed. */
  toss: boolean;
}

/** The CSP directives: only this origin, the inline scripts by hash, and the partner hosts that are on. */
export function cspDirectives(scriptHashes: string[], hosts: PageHosts): Record<string, string[]> {
  const partners = [hosts.kakao ? KAKAO : null, hosts.toss ? TOSS : null].filter((p) => p !== null);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...partners.flatMap((p) => p.script)],
    // react-toastify (storefront) and emotion (MUI, console) write <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...partners.flatMap((p) => p.connect)],
    'frame-src': partners.length ? partners.flatMap((p) => p.frame) : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The headers helmet sets for `options`, read once: helmet writes fixed values (no directive here is a
 * function), so every answer can carry the same set without building it again.
 */
export function securityHeaderSet(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every answer (helmet): the CSP above, nosniff, frame denial,
 * strict-origin-when-cross-origin referrers, and HSTS only when the public address is https.
 * helmet runs once at start and one hook sets its headers: @fastify/helmet built a new helmet middleware
 * (options parsed, CSP written) inside every request, a fifth of the server's CPU at 300 reseller tools.
 */
export function registerSecurityHeaders(fastify: FastifyInstance, config: AppConfig, hosts: PageHosts): void {
  const hashes = inlineScriptHashes([join(webDirs.customer, 'index.html'), join(webDirs.admin, 'index.html')]);
  const https = config.publicUrl.startsWith('https://');
  const headers = securityHeaderSet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(hashes, hosts) },
    crossOriginEmbedderPolicy: false,
    // Kakao's login window talks back to its opener.
    crossOriginOpenerPolicy:
      hosts.kakao || hosts.toss ? { policy: 'same-origin-allow-popups' } : { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // Naver's login popup comes back to /auth/naver from Naver's origin and posts the code to its opener: a COOP
  // there would put the popup in a new browsing context group and cut it from the opener.
  const naverHeaders = { ...headers, 'Cross-Origin-Opener-Policy': 'unsafe-none' };
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(isNaverCallback(request.url) ? naverHeaders : headers);
    done();
  });
}

const isNaverCallback = (url: string) =>
  url.startsWith(NAVER_CALLBACK) && (url.length === NAVER_CALLBACK.length || url[NAVER_CALLBACK.length] === '?');

/** The storefront's Naver login callback (docs/product.md §2: the social login popup callback). */
const NAVER_CALLBACK = '/auth/naver';
