// Builds the server and runs its migration generator (see server/src/database/cli.ts).
import { execFileSync } from 'node:child_process';
execFileSync('npm', ['run', 'build', '-w', 'server'], { stdio: 'inherit' });
execFileSync(process.execPath, ['server/dist/database/cli.js', ...process.argv.slice(2)], { stdio: 'inherit' });
