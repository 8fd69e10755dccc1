/**
 * Import boundaries and cycles (issue 14, decision 009). Run by `npm run lint` (`npm run lint:deps`).
 * docs/architecture.md ("Boundaries") states these same rules in prose; keep the two in step.
 *
 * Server layers, bottom to top (a folder may import its own layer and the ones below it):
 *   config/  →  lib/  →  db/  →  domain/, integrations/, jobs/  →  plugins/, realtime/, types.ts
 *   →  simulator/  →  modules/<name>/  →  app.ts, server.ts (the composition root)
 * Web: features/<name>/ are islands; shared code is components/, lib/, config/; app/ (router, routes)
 * composes them.
 */
const S = '^apps/server/src/';
const W = '^apps/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No import cycles, type-only imports included: move what both sides need to a third file.',
      from: {},
      to: { circular: true },
    },

    // ---- server ---------------------------------------------------------------------------------
    {
      name: 'server-module-imports-module',
      severity: 'error',
      comment:
        'A feature module never imports another one. Rules several features need go to domain/, lib/, ' +
        'integrations/ or db/; the composition root (app.ts) wires modules together.',
      from: { path: `${S}modules/([^/]+)/` },
      to: { path: `${S}modules/`, pathNot: `${S}modules/$1/` },
    },
    {
      name: 'server-only-app-imports-modules',
      severity: 'error',
      comment: 'Nothing below the feature modules imports them (no arrow runs back up): only app.ts/server.ts do.',
      from: { path: S, pathNot: [`${S}modules/`, `${S}(app|server)\\.ts$`] },
      to: { path: `${S}modules/` },
    },
    {
      name: 'server-nothing-imports-the-root',
      severity: 'error',
      comment: 'app.ts and server.ts compose everything; nothing in src imports them back (tests may).',
      from: { path: S, pathNot: `${S}server\\.ts$` },
      to: { path: `${S}(app|server)\\.ts$` },
    },
    {
      name: 'server-config-is-the-bottom',
      severity: 'error',
      comment: 'config/ reads and checks the environment: it imports nothing else of ours.',
      from: { path: `${S}config/` },
      to: { path: S, pathNot: `${S}config/` },
    },
    {
      name: 'server-lib-low',
      severity: 'error',
      comment: 'lib/ holds generic helpers: it may use config/ (the Env type) and nothing else of ours.',
      from: { path: `${S}lib/` },
      to: { path: S, pathNot: `${S}(lib|config)/` },
    },
    {
      name: 'server-db-low',
      severity: 'error',
      comment: 'db/ (client, schema, SQL helpers) may use lib/, config/ and paths.ts only.',
      from: { path: `${S}db/` },
      to: { path: S, pathNot: [`${S}(db|config|lib)/`, `${S}paths\\.ts$`] },
    },
    {
      name: 'server-core-not-up',
      severity: 'error',
      comment:
        'domain/, integrations/ and jobs/ never import the HTTP layer (plugins/, realtime/, types.ts), the ' +
        "simulator or modules. One allowed arrow: the gateway defaults to the built-in simulator's address.",
      from: { path: `${S}(domain|integrations|jobs)/` },
      to: {
        path: `${S}(plugins/|realtime/|simulator/|modules/|types\\.ts$)`,
        pathNot: `${S}simulator/simulator-config\\.ts$`,
      },
    },
    {
      name: 'server-http-infra-not-simulator',
      severity: 'error',
      comment: 'plugins/, realtime/ and types.ts sit below the simulator and the modules.',
      from: { path: `${S}(plugins/|realtime/|types\\.ts$)` },
      to: { path: `${S}simulator/` },
    },

    // ---- web ------------------------------------------------------------------------------------
    {
      name: 'web-feature-imports-feature',
      severity: 'error',
      comment: 'features/<a> never imports features/<b>: shared UI goes to components/, shared logic to lib/.',
      from: { path: `${W}features/([^/]+)/` },
      to: { path: `${W}features/`, pathNot: `${W}features/$1/` },
    },
    {
      name: 'web-shared-imports-features',
      severity: 'error',
      comment: 'components/, lib/ and config/ are shared: they never import a feature or the app shell.',
      from: { path: `${W}(components|lib|config|hooks|utils|types)/` },
      to: { path: `${W}(features|app)/` },
    },
    {
      name: 'web-feature-imports-app',
      severity: 'error',
      comment: 'app/ (router, routes, layouts) composes features; features never import it back.',
      from: { path: `${W}features/` },
      to: { path: `${W}app/` },
    },

    // ---- between packages -------------------------------------------------------------------------
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'packages/contracts is shared by server and web: it imports neither.',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-apart',
      severity: 'error',
      comment: 'The server and the web app share code only through @vendai/contracts.',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    // Type-only imports count: a type-only cycle is still a cycle (decision 009).
    tsPreCompilationDeps: true,
    // Only for the web's `@/…` alias; the server and contracts use relative imports.
    tsConfig: { fileName: `${__dirname}/apps/web/tsconfig.json` },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    // Resolve the workspace symlink node_modules/@vendai/contracts to packages/contracts/src.
    preserveSymlinks: false,
    cache: false,
    progress: { type: 'none' },
  },
};
