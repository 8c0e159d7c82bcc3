// `npm test`: every suite. Builds the apps (the browser suites drive the built product), checks types,
// module boundaries, lint and formatting, then runs jest's unit, api and browser projects once, on one embedded PostgreSQL.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { build } from './lib/build.mjs';

const step = (name, fn) => {
  const started = Date.now();
  try {
    fn();
  } catch (error) {
    console.error(`✗ ${name} failed${error.status ? ` (exit ${error.status})` : `: ${error.message}`}`);
    console.log('\njest: 0 passed, 1 failed');
    process.exit(1);
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
};
const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit' });

step('build', () => build({ force: process.env.CI === 'true' }));
step('typecheck', () => {
  for (const project of ['server', 'test', 'customer-web', 'admin-web'])
    run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', `${project}/tsconfig.json`, '--noEmit']);
});
step('module boundaries', () =>
  run(process.execPath, [
    'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs',
    'server/src',
    'customer-web/src',
    'admin-web/src',
    '--config',
    '.dependency-cruiser.cjs',
  ]),
);
// ESLint (typescript-eslint, react-hooks, testing-library, jest-dom) over all three workspaces, warnings included.
step('lint', () => run(process.execPath, ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings', '0']));
step('format', () => run(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '.']));

mkdirSync('test-artifacts', { recursive: true });
const jest = spawnSync(
  process.execPath,
  [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    'node_modules/jest/bin/jest.js',
    '--json',
    '--outputFile=test-artifacts/jest.json',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
let summary = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
try {
  summary = JSON.parse(readFileSync('test-artifacts/jest.json', 'utf8'));
} catch {
  /* jest died before writing its report: the exit code below says so */
}
// The plain closing line CI reads.
console.log(
  `\njest: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${summary.numPendingTests} skipped`,
);
// A non-zero exit with no failed test (a signal, or jest's own exit code) says why rather than failing silently.
if (jest.status !== 0 && summary.numFailedTests === 0)
  console.log(`jest exited with status ${jest.status} (signal ${jest.signal ?? 'none'})`);
process.exit(jest.status ?? 1);
