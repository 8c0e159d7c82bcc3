// `npm run backup` / `npm run restore -- FILE [--force]`: build the server if needed, then run its backup tool.
import { spawn } from 'node:child_process';
import { build } from './lib/build.mjs';

build({ only: ['server'] });
const child = spawn(
  process.execPath,
  ['--enable-source-maps', 'server/dist/ops/backup/cli.js', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
