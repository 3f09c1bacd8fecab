/**
 * The layering this design keeps, checked by `npm run layering` (dependency-cruiser; the test
 * command runs it). Each rule says why it holds.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'A circle makes every file in it load, change and be tested with all the others, and its ' +
        'load order decides what is still undefined: no file may depend, even through types, on a file that depends on it.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'data-core-alone',
      comment:
        'streams/ is the framework-free data core: the app and the server both build on it, so it ' +
        'can import neither (it would carry React, the DOM or Node into the other side).',
      severity: 'error',
      from: { path: '^streams/' },
      to: { path: '^(src|server)/' },
    },
    {
      name: 'app-and-server-apart',
      comment:
        'The browser app and the server share only the data core: code of one in the other would ' +
        'ship Node into the bundle or React into the server.',
      severity: 'error',
      from: { path: '^(src|server)/' },
      to: { path: '^(src|server)/', pathNot: '^$1/' },
    },
    {
      name: 'screens-apart',
      comment:
        'A screen is a route of its own: what two screens share lives in src/ui, src/hooks or the ' +
        "data core, so that changing one screen never changes another or pulls its code into the other's chunk.",
      severity: 'error',
      from: { path: '^src/screens/([^/]+)/' },
      to: { path: '^src/screens/', pathNot: '^src/screens/$1/' },
    },
    {
      name: 'server-modules-through-their-index',
      comment:
        "A server module's index.ts is what the rest of the server may use of it (its services, " +
        'repositories and schemas); its routes are registered by the app (server/app.ts) and reached by nobody else.',
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/', pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/index[.]ts$'] },
    },
    {
      name: 'server-modules-from-outside-through-their-index',
      comment: 'The same for the rest of the server: the plugins, the database and operations code.',
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/modules/', '^server/app[.]ts$'] },
      to: { path: '^server/modules/', pathNot: '^server/modules/[^/]+/index[.]ts$' },
    },
    {
      name: 'sql-in-repositories',
      comment:
        "A module's SQL is written in its repositories (repository.ts, <what>-repository.ts), the " +
        "rest of the server's in server/db: routes and services hold the rules and call them, so a query is found, tuned and tested in one place.",
      severity: 'error',
      from: { path: '^server/', pathNot: ['repository[.]ts$', '^server/db/', '^server/ops/'] },
      to: { path: 'node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    // type-only imports count: a circle of types still ties the files together
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    // packages resolved through their exports, as Node and Vite resolve them
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    exclude: { path: '^(dist|coverage|tools)/' },
  },
};
