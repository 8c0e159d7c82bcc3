// The console's JavaScript weight: what index.html loads before the first screen (entry + modulepreloads),
// the dashboard (the first route after login), and every chunk. Prints figures only; the target is
// "initial JS gzipped <= 600 KB" (issue 8), routes being lazily loaded.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from '../scripts/lib/build.mjs';

build({ only: ['admin-web'] });
const dist = 'admin-web/dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/admin\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const size = (file) => {
  const bytes = readFileSync(join(dist, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const sum = (files) =>
  files.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const all = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
const dashboard = all.filter((f) => /\/Dashboard-/.test(f));
const first = sum(initial);
console.log(
  `console initial JS (index.html: ${initial.length} file${initial.length === 1 ? '' : 's'}): ${kb(first.gzip)} gzipped, ${kb(first.raw)} raw (target <= 600 KB gzipped)`,
);
const dash = sum(dashboard);
console.log(
  `dashboard route chunk (lazy, charts): ${kb(dash.gzip)} gzipped; initial + dashboard: ${kb(first.gzip + dash.gzip)} gzipped`,
);
const total = sum(all);
console.log(`all console JS (${all.length} chunks): ${kb(total.gzip)} gzipped, ${kb(total.raw)} raw`);
