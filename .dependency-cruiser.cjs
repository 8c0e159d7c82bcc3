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
      name: 'storefront-features-apart',
      severity: 'error',
      comment: 'customer-web features do not import each other; what they share lives in components/, lib/ or config/.',
      from: { path: '^customer-web/src/features/([^/]+)/' },
      to: { path: '^customer-web/src/features/([^/]+)/', pathNot: '^customer-web/src/features/$1/' },
    },
    {
      name: 'storefront-shared-stays-shared',
      severity: 'error',
      comment: 'customer-web components/, lib/ and config/ never reach up into a feature or the app shell.',
      from: { path: '^customer-web/src/(components|lib|config)/' },
      to: { path: '^customer-web/src/(features|app)/' },
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
