import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import ProcessFilesFirst from './scripts/vitest-sequencer.ts';

/**
 * Unit and integration tests. Each server test file is in one map of apps/server/test/database-passes.json,
 * with its reason (`npm run check:passes`; docs/decisions/059-ci-time-test-passes.md and
 * 084-one-pass-for-the-server-flows.md): `pgliteAndPostgres` files run on PGlite and, when DATABASE_URL is set
 * (CI sets it; there a missing database is a failure), on PostgreSQL too; `postgresElsePglite` files run on
 * PostgreSQL when DATABASE_URL is set and on PGlite when it is not; every other file on PGlite. Playwright
 * specs in e2e/ are not vitest's.
 */
type Passes = Record<'pgliteAndPostgres' | 'postgresElsePglite', Record<string, string>>;
const passes = (): Passes =>
  JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, 'apps/server/test/database-passes.json'), 'utf8'),
  ) as Passes;
const postgresPassFiles = (): string[] => [
  ...Object.keys(passes().pgliteAndPostgres),
  ...Object.keys(passes().postgresElsePglite),
];

/**
 * Web test files that replace modules (`vi.mock`): each runs in a fresh module registry (the `web-mocks`
 * project). The others share one registry in the `web` project (`isolate: false`): a new registry, happy-dom
 * and React for each of them cost about six times their tests (docs/performance.md#ci-time).
 */
const webFilesMockingModules = (): string[] =>
  fs
    .globSync('apps/web/src/**/*.test.{ts,tsx}', { cwd: import.meta.dirname })
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.resolve(import.meta.dirname, file), 'utf8')));

const webProject = (name: 'web' | 'web-mocks') => ({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
  test: {
    name,
    environment: 'happy-dom',
    ...(name === 'web'
      ? { include: ['apps/web/src/**/*.test.{ts,tsx}'], exclude: webFilesMockingModules(), isolate: false }
      : { include: webFilesMockingModules() }),
  },
});

const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    environment: 'node',
    include:
      db === 'pglite'
        ? ['apps/server/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts']
        : postgresPassFiles(),
    // With a PostgreSQL server the files where it matters run there alone; without one, here.
    exclude: [
      ...configDefaults.exclude,
      ...(db === 'pglite' && process.env.DATABASE_URL ? Object.keys(passes().postgresElsePglite) : []),
    ],
    env: { TEST_DB: db },
    // One worker runs several files and reuses the migrated PGlite template (test/helpers/test-database.ts).
    isolate: false,
    // CI runs on whichever 2-core machine the session had, all passes at once: a server flow that fails once
    // there is run again, and the run ends by naming it (scripts/vitest-retries-reporter.ts); a second failure
    // fails CI. Local runs do not retry (docs/decisions/059-ci-time-test-passes.md).
    retry: process.env.CI ? 1 : 0,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    reporters: ['default', './scripts/vitest-retries-reporter.ts'],
    // The files that start processes first: they are the longest (scripts/vitest-sequencer.ts).
    sequence: { sequencer: ProcessFilesFirst },
    projects: [
      serverProject('server-pglite', 'pglite'),
      ...(process.env.DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
      webProject('web'),
      webProject('web-mocks'),
    ],
  },
});
