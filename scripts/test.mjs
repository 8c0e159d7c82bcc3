// `npm test`: every suite. Builds the apps (the browser suites drive the built product), then runs, at the
// same time: jest's projects once on one embedded PostgreSQL (18), the api project on Debian's PostgreSQL (15)
// (the oldest and the newest supported), and the static checks (types, module boundaries, lint, formatting).
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
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
step('build', () => build({ force: process.env.CI === 'true' }));
mkdirSync('test-artifacts', { recursive: true });

// The static checks need no database and no build: they run beside the suites (which mostly wait on the
// database, the network and the browser) instead of before them (2.5 minutes of a run on a quiet machine). One after
// another, their output to a log printed at the end with the other run's.
const checks = [
  ...['server', 'test', 'customer-web', 'admin-web'].map((project) => ({
    name: `typecheck ${project}`,
    args: ['node_modules/typescript/bin/tsc', '-p', `${project}/tsconfig.json`, '--noEmit'],
  })),
  {
    name: 'module boundaries',
    args: [
      'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs',
      'server/src',
      'customer-web/src',
      'admin-web/src',
      '--config',
      '.dependency-cruiser.cjs',
    ],
  },
  // ESLint (typescript-eslint, react-hooks, testing-library, jest-dom) over all three workspaces, warnings included.
  { name: 'lint', args: ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings', '0'] },
  { name: 'format', args: ['node_modules/prettier/bin/prettier.cjs', '--check', '.'] },
];
const checksLog = 'test-artifacts/checks.log';
async function runChecks() {
  const output = openSync(checksLog, 'w');
  const failed = [];
  for (const check of checks) {
    const started = Date.now();
    const status = await new Promise((resolve) =>
      spawn(process.execPath, check.args, {
        stdio: ['ignore', output, output],
        env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      }).on('exit', (code) => resolve(code ?? 1)),
    );
    const line = `${status === 0 ? '✓' : '✗'} ${check.name}${status === 0 ? '' : ` failed (exit ${status})`} (${((Date.now() - started) / 1000).toFixed(1)} s)`;
    writeSync(output, `${line}\n`);
    if (status !== 0) failed.push(check.name);
  }
  closeSync(output);
  return failed;
}

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
console.log(`the static checks run beside the suites; output in ${checksLog}`);
const checking = runChecks().then((failed) => ({ failed, seconds: seconds() }));

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

const checked = await checking;
console.log(`\n=== static checks (${checksLog})`);
process.stdout.write(readFileSync(checksLog, 'utf8'));
console.log(`static checks: done in ${checked.seconds} s`);
// A failed check counts as a failed test in the closing line, so it cannot pass unseen.
if (checked.failed.length)
  runs.push({ numPassedTests: 0, numFailedTests: checked.failed.length, numPendingTests: 0, ok: false });

// The plain closing line CI reads: every run together.
const sum = (key) => runs.reduce((n, r) => n + r[key], 0);
console.log(
  `\njest: ${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${sum('numPendingTests')} skipped`,
);
process.exit(runs.every((r) => r.ok) ? 0 : 1);
