// Builds what is missing or older than its sources: the server (swc), the storefront and the console (vite).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const targets = [
  { workspace: 'server', sources: ['server/src'], output: 'server/dist/main.js' },
  {
    workspace: 'customer-web',
    sources: ['customer-web/src', 'customer-web/index.html', 'customer-web/vite.config.ts', 'server/src/contracts'],
    output: 'customer-web/dist/index.html',
  },
  {
    workspace: 'admin-web',
    sources: ['admin-web/src', 'admin-web/index.html', 'admin-web/vite.config.ts'],
    output: 'admin-web/dist/index.html',
  },
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export function build({ force = false, only } = {}) {
  for (const target of targets) {
    if (only && !only.includes(target.workspace)) continue;
    const built = existsSync(target.output) ? statSync(target.output).mtimeMs : 0;
    if (!force && built && built >= Math.max(...target.sources.map(newest))) continue;
    const started = Date.now();
    execFileSync('npm', ['run', 'build', '--silent', '-w', target.workspace], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    console.log(`built ${target.workspace} in ${Date.now() - started} ms`);
  }
}
