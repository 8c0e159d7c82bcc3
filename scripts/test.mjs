// `npm test`: every suite. Builds the apps (the browser suites drive the built product), checks types,
// module boundaries, lint and formatting, then runs jest's projects once on one embedded PostgreSQL (18),
// and, at the same time, the api project on Debian's PostgreSQL (15): the oldest and the newest supported.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { build } from './lib/build.mjs';
import { debianPostgresBin } from './lib/debian-postgres.mjs';

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

/** One jest run, started now; resolves to its counts from the JSON report (zero when jest died before writing it). */
function jest(args, report, env, output) {
  const child = spawn(
    process.execPath,
    [
      '--experimental-vm-modules',
      '--no-warnings=ExperimentalWarning',
      'node_modules/jest/bin/jest.js',
      '--json',
      `--outputFile=${report}`,
      ...args,
    ],
    { stdio: output ? ['ignore', output, output] : 'inherit', env },
  );
  return new Promise((resolve) => {
    child.on('exit', (status, signal) => {
      let summary = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
      try {
        summary = JSON.parse(readFileSync(report, 'utf8'));
      } catch {
        /* jest died before writing its report: the exit code below says so */
      }
      // A non-zero exit with no failed test (a signal, or jest's own exit code) says why rather than failing silently.
      if (status !== 0 && summary.numFailedTests === 0)
        console.log(`jest exited with status ${status} (signal ${signal ?? 'none'})`);
      resolve({ ...summary, ok: status === 0 });
    });
  });
}

const args = process.argv.slice(2);
rmSync('test-artifacts/jest.json', { force: true });
rmSync('test-artifacts/jest-debian-postgres.json', { force: true });
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(0);

// The api project on Debian's PostgreSQL (the oldest supported installed, 15 on Debian 12): a throw-away cluster
// of its binaries, so a statement only a newer server understands fails here. It runs beside the main run (the
// suites mostly wait on the database and the network, so the two passes overlap well on 2 cores); its output goes
// to a log printed when both are done, so the terminal reads one run at a time. Skipped when the arguments name
// projects without api.
const projects = args.flatMap((a, i) => (args[i - 1] === '--selectProjects' ? [a] : []));
let debian = null;
if (projects.length === 0 || projects.includes('api')) {
  const bin = debianPostgresBin();
  const withoutProjects = args.filter((a, i) => a !== '--selectProjects' && args[i - 1] !== '--selectProjects');
  if (bin) {
    const log = 'test-artifacts/jest-debian-postgres.log';
    console.log(`api suites on Debian's PostgreSQL (${bin}) run beside the main run; output in ${log}`);
    // Not the embedded cluster, and not a server named in the environment.
    const { DATABASE_URL: _d, TEST_DATABASE_URL: _t, ...env } = process.env;
    const output = openSync(log, 'w');
    debian = {
      log,
      run: jest(
        [...withoutProjects, '--passWithNoTests', '--selectProjects', 'api'],
        'test-artifacts/jest-debian-postgres.json',
        { ...env, TEST_POSTGRES_BIN: bin, FORCE_COLOR: '0' },
        output,
      ).then((result) => {
        closeSync(output);
        return { ...result, seconds: seconds() };
      }),
    };
  } else {
    console.error(
      "✗ api suites on Debian's PostgreSQL: none found under /usr/lib/postgresql (apt-get install -y postgresql, or set TEST_POSTGRES_BIN)",
    );
    debian = { run: Promise.resolve({ numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, ok: false }) };
  }
}

// Every project once, on the embedded PostgreSQL (18).
const { TEST_POSTGRES_BIN: _bin, ...embeddedEnv } = process.env;
const runs = [await jest(args, 'test-artifacts/jest.json', embeddedEnv)];
console.log(`every project on the embedded PostgreSQL: done in ${seconds()} s`);
if (debian) {
  const last = await debian.run;
  runs.push(last);
  if (debian.log) {
    console.log(`\n=== api suites on Debian's PostgreSQL (${debian.log})`);
    process.stdout.write(readFileSync(debian.log, 'utf8'));
    console.log(
      `api on Debian's PostgreSQL: ${last.numPassedTests} passed, ${last.numFailedTests} failed, ${last.numPendingTests} skipped in ${last.seconds} s`,
    );
  }
}

// The plain closing line CI reads: both runs together.
const sum = (key) => runs.reduce((n, r) => n + r[key], 0);
console.log(
  `\njest: ${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${sum('numPendingTests')} skipped`,
);
process.exit(runs.every((r) => r.ok) ? 0 : 1);
