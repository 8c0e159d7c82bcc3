// `npm run bench [name...]`: builds what is missing, then runs every bench/*.mjs (or the named ones)
// one after another. Benchmarks print figures; none fails on a timing.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { build } from '../scripts/lib/build.mjs';

build();
const wanted = process.argv.slice(2);
const scripts = readdirSync('bench')
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();
for (const script of scripts) {
  console.log(`\n=== ${script}`);
  const result = spawnSync(process.execPath, [`bench/${script}`], { stdio: 'inherit' });
  if (result.status !== 0) console.log(`(${script} exited with ${result.status})`);
}
