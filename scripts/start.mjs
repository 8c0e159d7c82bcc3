// `npm start`: build whatever is missing, then serve the product (embedded database unless DATABASE_URL).
import { spawn } from 'node:child_process';
import { build } from './lib/build.mjs';
import { SERVER_NODE_FLAGS } from './lib/server-flags.mjs';

build();
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--enable-source-maps', 'server/dist/main.js'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
