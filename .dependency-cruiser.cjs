/** Module boundaries of docs/architecture.md, checked by `npm test` (a violation fails CI). */

/** A module's entity classes: its domain/*.entity.ts files and the list of them in its entities.ts. */
const ENTITY_FILES = '^server/src/modules/[^/]+/(entities\\.ts|domain/[^/]+\\.entity\\.ts)$';

module.exports = {
  forbidden: [
    {
      name: 'module-internals',
      severity: 'error',
      comment:
        "A module reaches another only through that module's index.ts (its entities.ts is the entity rules' business, below).",
      from: { path: '^server/src/modules/([^/]+)/' },
      to: {
        path: '^server/src/modules/([^/]+)/',
        pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/(index|entities)\\.ts$'],
      },
    },
    {
      name: 'fulfilment-not-into-ordering-entities',
      severity: 'error',
      comment:
        "Fulfilment owns its dispatch record and changes orders only through ordering's facade: it never imports ordering's entity files, not even as types.",
      from: { path: '^server/src/modules/fulfilment/' },
      to: { path: '^server/src/modules/ordering/domain/[^/]+\\.entity\\.ts$' },
    },
    {
      name: 'outside-into-module-internals',
      severity: 'error',
      comment: 'Code outside modules/ (bootstrap, database, ops) uses modules through their index.ts too.',
      from: { path: '^server/src/', pathNot: ['^server/src/modules/', '\\.spec\\.ts$'] },
      to: { path: '^server/src/modules/[^/]+/', pathNot: '^server/src/modules/[^/]+/(index|entities)\\.ts$' },
    },
    {
      name: 'entities-stay-in-their-module',
      severity: 'error',
      comment:
        "A module's entities are its own: another module works with them through the owning module's facade, never the class (tests aside).",
      from: { path: '^server/src/modules/([^/]+)/', pathNot: '\\.spec\\.ts$' },
      to: { path: ENTITY_FILES, pathNot: '^server/src/modules/$1/' },
    },
    {
      name: 'entities-registered-once',
      severity: 'error',
      comment:
        "Outside the modules only database/entities.ts takes a module's entity list (to register the one list with MikroORM).",
      from: {
        path: '^server/src/',
        pathNot: ['^server/src/modules/', '^server/src/database/entities\\.ts$', '\\.spec\\.ts$'],
      },
      to: { path: ENTITY_FILES },
    },
    {
      name: 'index-exports-entities-as-types',
      severity: 'error',
      comment:
        "A module's index.ts names its entities as types only (export type { Order }), so no other module can query, construct or relate to them.",
      from: { path: '^server/src/modules/[^/]+/index\\.ts$' },
      to: {
        path: ENTITY_FILES,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'domain-at-the-bottom',
      severity: 'error',
      comment:
        "A module's domain/ (entities, transitions, pure rules) never imports its application/, http/ or jobs/: use cases depend on the domain, not the other way round.",
      from: { path: '^server/src/modules/([^/]+)/domain/' },
      to: { path: '^server/src/modules/$1/(application|http|jobs)/' },
    },
    {
      name: 'application-below-http',
      severity: 'error',
      comment:
        "A module's application/ and jobs/ never import its http/: what a use case takes is declared in application/, the controller adapts HTTP to it.",
      from: { path: '^server/src/modules/([^/]+)/(application|jobs)/' },
      to: { path: '^server/src/modules/$1/http/' },
    },
    {
      name: 'http-without-entity-manager',
      severity: 'error',
      comment:
        'Controllers and guards never touch MikroORM (no EntityManager, no transaction): they call application/, which owns the queries and opens the transactions.',
      from: { path: '^server/src/modules/[^/]+/http/' },
      to: { path: '@mikro-orm/' },
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
      name: 'console-resources-apart',
      severity: 'error',
      comment:
        "admin-web resource folders do not import each other, except to embed another resource's list (a member's orders); what they share lives in common/.",
      from: { path: '^admin-web/src/([^/]+)/', pathNot: '^admin-web/src/(common|layout|i18n)/' },
      to: {
        path: '^admin-web/src/([^/]+)/',
        pathNot: [
          '^admin-web/src/$1/',
          '^admin-web/src/(common|layout|i18n)/',
          '^admin-web/src/[^/]+/[A-Za-z]+List\\.tsx$',
        ],
      },
    },
    {
      name: 'console-shared-stays-shared',
      severity: 'error',
      comment:
        'admin-web common/ and i18n/ never reach into a resource folder or the app shell; layout/ reads only the resource list (resources.ts).',
      from: { path: '^admin-web/src/(common|i18n|layout)/' },
      to: {
        path: '^admin-web/src/',
        pathNot: '^admin-web/src/(common/|i18n/|layout/|dataProvider\\.ts|authProvider\\.ts|resources\\.ts)',
      },
    },
    {
      name: 'console-shell-on-top',
      severity: 'error',
      comment: 'Nothing in admin-web imports the app shell (App.tsx, main.tsx) but its entry point.',
      from: { path: '^admin-web/src/', pathNot: '^admin-web/src/main\\.tsx$' },
      to: { path: '^admin-web/src/(App|main)\\.tsx$' },
    },
    {
      name: 'storefront-shell-on-top',
      severity: 'error',
      comment: 'Nothing in customer-web imports its entry points (main.tsx, boot.tsx).',
      from: { path: '^customer-web/src/', pathNot: '^customer-web/src/(main|boot)\\.tsx$' },
      to: { path: '^customer-web/src/(main|boot)\\.tsx$' },
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
    {
      name: 'modules-not-into-database',
      severity: 'error',
      comment:
        'Modules get their EntityManager from Nest and their tables through their own entities; the ORM config, migrations, embedded PostgreSQL and demo seeder in database/ sit above them.',
      from: { path: '^server/src/modules/' },
      to: { path: '^server/src/database/' },
    },
    {
      name: 'database-from-the-edge',
      severity: 'error',
      comment:
        'Only the process (main.ts, bootstrap.ts, app.module.ts) and the backup tool (ops/backup) reach into database/.',
      from: {
        path: '^server/src/',
        pathNot: [
          '^server/src/(main|bootstrap|app\\.module)\\.ts$',
          '^server/src/database/',
          '^server/src/ops/backup/',
          '\\.spec\\.ts$',
        ],
      },
      to: { path: '^server/src/database/' },
    },
    {
      name: 'demo-seeder-from-bootstrap-only',
      severity: 'error',
      comment:
        "The demo seeder runs once, from bootstrap on a new database (and from tests): production code never calls it, and it reaches modules only through their facades' ordinary commands.",
      from: { path: '^server/src/', pathNot: ['^server/src/bootstrap\\.ts$', '^server/src/database/demo/'] },
      to: { path: '^server/src/database/demo/' },
    },
    {
      name: 'modules-below-the-process',
      severity: 'error',
      comment: 'Modules never import what wires them or runs beside them: ops/, app.module.ts, bootstrap.ts, main.ts.',
      from: { path: '^server/src/modules/' },
      to: { path: '^server/src/(ops/|(main|bootstrap|app\\.module)\\.ts$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'server/tsconfig.json' },
  },
};
