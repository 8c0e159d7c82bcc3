// One jest run, four kinds of suites (docs/testing.md). ESM throughout: run with --experimental-vm-modules.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      target: 'es2023',
      keepClassNames: true,
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
        react: { runtime: 'automatic' },
      },
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  // Source imports say `./x.js` (nodenext); jest resolves the .ts file.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironment: 'node',
};

export default {
  // Started once per run: one embedded PostgreSQL for every worker (each worker has its own database).
  globalSetup: './test/support/global-setup.ts',
  globalTeardown: './test/support/global-teardown.ts',
  transform: common.transform,
  extensionsToTreatAsEsm: common.extensionsToTreatAsEsm,
  moduleNameMapper: common.moduleNameMapper,
  // Generous: on CI two runs share 2 cores (the api suites on Debian's PostgreSQL run beside the main run), and
  // a hook that starts the whole app waits for its turn. A timeout is a hang detector here, not a speed check.
  testTimeout: 90_000,
  // Each test file loads the whole app into a fresh module registry, and not all of it is freed afterwards:
  // run in band (jest's choice on 2 cores) the main process grew past V8's 4 GB heap after ~100 files. Two
  // workers keep the main process small, and a worker is replaced once a file leaves it above the limit.
  maxWorkers: 2,
  workerIdleMemoryLimit: '1GB',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/server/src/**/*.spec.ts'] },
    { ...common, displayName: 'api', testMatch: ['<rootDir>/test/api/**/*.test.ts'], slowTestThreshold: 20 },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
      slowTestThreshold: 60,
      setupFilesAfterEnv: ['<rootDir>/test/support/browser-timeout.ts'],
    },
    // Component tests of the storefront: React in jsdom, no server.
    {
      ...common,
      displayName: 'web',
      testEnvironment: '<rootDir>/customer-web/src/testing/jsdom-environment.mjs',
      testMatch: ['<rootDir>/customer-web/src/**/*.test.{ts,tsx}'],
      setupFiles: ['<rootDir>/customer-web/src/testing/setup.ts'],
      setupFilesAfterEnv: ['<rootDir>/customer-web/src/testing/setup-after-env.ts'],
      moduleNameMapper: { ...common.moduleNameMapper, '\\.css$': '<rootDir>/customer-web/src/testing/style-stub.ts' },
    },
    // Not a test: `npm run screenshots` saves every storefront screen for a person to look at.
    ...(process.env.SCREENSHOTS
      ? [{ ...common, displayName: 'screenshots', testMatch: ['<rootDir>/test/screenshots/**/*.shots.ts'] }]
      : []),
  ],
};
