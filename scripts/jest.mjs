// `npm run test:<project> -- [paths...]`: one jest project, optionally narrowed to paths
// (jest reads paths after --selectProjects as project names, so they go first).
import { spawnSync } from 'node:child_process';

const [project, ...rest] = process.argv.slice(2);
const result = spawnSync(
  process.execPath,
  [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    'node_modules/jest/bin/jest.js',
    ...rest,
    '--selectProjects',
    project,
  ],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
