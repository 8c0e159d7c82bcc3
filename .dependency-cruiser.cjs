/** Module boundaries of DESIGN.md, checked by `npm test` (a violation fails CI). */
module.exports = {
  forbidden: [
    {
      name: 'module-internals',
      severity: 'error',
      comment: "A module reaches another only through that module's index.ts.",
      from: { path: '^server/src/modules/([^/]+)/' },
      to: { path: '^server/src/modules/([^/]+)/', pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-into-module-internals',
      severity: 'error',
      comment: 'Code outside modules/ (bootstrap, database, ops) uses modules through their index.ts too.',
      from: { path: '^server/src/', pathNot: ['^server/src/modules/', '\\.spec\\.ts$'] },
      to: { path: '^server/src/modules/[^/]+/', pathNot: '^server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'kernel-stays-small',
      severity: 'error',
      comment: 'shared/ and contracts/ are the kernel: they never depend on a module.',
      from: { path: '^server/src/(shared|contracts)/' },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'contracts-are-plain',
      severity: 'error',
      comment: 'contracts/ is shared with the browser: zod only, no Nest or MikroORM.',
      from: { path: '^server/src/contracts/' },
      to: { path: '@nestjs|@mikro-orm|node_modules/(fastify|pg)/' },
    },
    {
      name: 'web-uses-contracts-only',
      severity: 'error',
      comment: 'The SPAs share only the plain contracts with the server.',
      from: { path: '^(customer-web|admin-web)/src/' },
      to: { path: '^server/src/', pathNot: '^server/src/contracts/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      from: {},
      to: { couldNotResolve: true, path: '^[.]' },
    },
    {
      name: 'no-circular-modules',
      severity: 'error',
      from: { path: '^server/src/modules/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'server/tsconfig.json' },
  },
};
