/**
 * Import boundaries and cycles (docs/decisions/009-lint-format-and-boundaries.md). Run by `npm run lint` (`npm run lint:deps`).
 * docs/architecture.md ("Boundaries") states these same rules in prose; keep the two in step.
 *
 * Server layers, bottom to top (a folder may import its own layer and the ones below it):
 *   config/  →  lib/  →  db/  →  domain/, integrations/, jobs/  →  plugins/, realtime/, types.ts
 *   →  simulator/  →  modules/<name>/  →  app.ts, server.ts (the composition root)
 * Workspace packages: packages/contracts (shared by server and web) and the fakes (packages/payments-standin,
 * packages/demo-ai),
 * which import no app and are imported only by their mount in the server.
 * Web: features/<name>/ are islands; shared code is components/, lib/, config/; app/ (router, routes)
 * composes them.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- dependency-cruiser loads this file as CommonJS */
const fs = require('node:fs');
const path = require('node:path');
/* eslint-enable @typescript-eslint/no-require-imports */

const S = '^apps/server/src/';
const W = '^apps/web/src/';

/**
 * Only repositories speak SQL (decision 068). The files under modules/ and domain/ that still import the schema
 * outside a `*-repository.ts` are listed in apps/server/schema-outside-repositories.json: that list only
 * shrinks. A listed file that is gone or no longer imports the schema fails here, so the list cannot go stale.
 */
const schemaBaseline = JSON.parse(
  fs.readFileSync(path.join(__dirname, 'apps/server/schema-outside-repositories.json'), 'utf8'),
).files;
for (const file of schemaBaseline) {
  const full = path.join(__dirname, 'apps/server/src', file);
  if (!fs.existsSync(full) || !/db\/schema/.test(fs.readFileSync(full, 'utf8'))) {
    throw new Error(
      `apps/server/schema-outside-repositories.json lists ${file}, which no longer imports the schema: delete its line.`,
    );
  }
}
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
      name: 'server-routes-speak-no-sql',
      severity: 'error',
      comment:
        'Routes stay thin: a *-routes.ts file never imports the schema or drizzle-orm. Its queries live in a ' +
        '*-repository.ts (typed rows) called directly or through a service (decision 068).',
      from: { path: `${S}.*-routes\\.ts$` },
      to: { path: [`${S}db/schema/`, '(^|/)node_modules/drizzle-orm/'] },
    },
    {
      name: 'server-schema-only-in-repositories',
      severity: 'error',
      comment:
        'Under modules/ and domain/ only a *-repository.ts imports the schema (decision 068). The files that ' +
        'still do are listed in apps/server/schema-outside-repositories.json, a list that only shrinks: ' +
        "move the queries to the folder's repository instead of adding a line.",
      from: {
        path: `${S}(modules|domain)/`,
        pathNot: [`-repository\\.ts$`, ...schemaBaseline.map((file) => `^apps/server/src/${escapeRegExp(file)}$`)],
      },
      to: { path: `${S}db/schema/` },
    },
    {
      name: 'simulator-reads-only-its-tables',
      severity: 'error',
      comment:
        "The simulator keeps to its own tables (db/schema/simulator.ts): what it needs of the app's numbers " +
        'and sessions comes through its mount (simulator/index.ts, simulator/app-numbers.ts), decision 022.',
      from: { path: `${S}simulator/`, pathNot: `${S}simulator/(index|app-numbers)\\.ts$` },
      to: { path: `${S}db/schema/`, pathNot: `${S}db/schema/simulator\\.ts$` },
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
      name: 'fakes-never-import-the-app',
      severity: 'error',
      comment:
        'The fakes (packages/payments-standin, packages/demo-ai) are mounted by the app through a small interface: ' +
        'they import neither app (docs/decisions/022-fakes-apart-and-simulator-access.md).',
      from: { path: '^packages/(?!contracts/)[^/]+/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-never-imports-fakes',
      severity: 'error',
      comment: 'The fakes are server-side: the web app talks to them over HTTP only.',
      from: { path: '^apps/web/' },
      to: { path: '^packages/(?!contracts/)' },
    },
    {
      name: 'only-mounts-import-fakes',
      severity: 'error',
      comment:
        'Product code never depends on a fake: only its mount imports it (the stand-in: ' +
        'integrations/payments/standin/, the payments factory and the billing registration; the Pix stand-in: ' +
        'integrations/pix/standin/; the demo AI: ' +
        'integrations/llm/create-llm.ts).',
      from: {
        path: S,
        pathNot: [
          `${S}integrations/payments/(standin/|create-payments\\.ts$)`,
          `${S}modules/billing/register-billing\\.ts$`,
          `${S}integrations/llm/create-llm\\.ts$`,
          `${S}integrations/pix/standin/`,
        ],
      },
      to: { path: '^packages/(payments-standin|pix-standin|demo-ai)/' },
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
    // drizzle-orm stays in the graph (as a leaf) so that the routes rule can see it.
    exclude: { path: '(^|/)dist/|(^|/)node_modules/(?!drizzle-orm/)' },
    // Type-only imports count: a type-only cycle is still a cycle (decision 009).
    tsPreCompilationDeps: true,
    // Only for the web's `@/…` alias; the server and contracts use relative imports.
    tsConfig: { fileName: `${__dirname}/apps/web/tsconfig.json` },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    // Resolve the workspace symlinks node_modules/@vendai/* to packages/*/src.
    preserveSymlinks: false,
    cache: false,
    progress: { type: 'none' },
  },
};
