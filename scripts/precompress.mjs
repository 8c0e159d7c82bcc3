// Writes .br and .gz copies beside a built SPA's text assets, once at build time, so the server
// (@fastify/static with preCompressed) answers them compressed without compressing per request.
// Usage: node scripts/precompress.mjs <dist directory>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/precompress.mjs <dist directory>');

const TEXT = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
let files = 0;
let raw = 0;
let br = 0;
for (const name of readdirSync(dir, { recursive: true })) {
  const path = join(dir, String(name));
  if (!TEXT.test(path) || !statSync(path).isFile()) continue;
  const data = readFileSync(path);
  if (data.length < 1024) continue;
  const brotli = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  files++;
  raw += data.length;
  br += brotli.length;
}
console.log(
  `precompressed ${files} files in ${dir}: ${(raw / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`,
);
