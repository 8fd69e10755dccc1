import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests. The server suite runs on PGlite always, and a second time on
 * PostgreSQL when DATABASE_URL is set (CI sets it; there a missing database is a failure).
 * Playwright specs in e2e/ are not vitest's.
 */
const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    environment: 'node',
    include: ['apps/server/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'].filter(
      (p) => db === 'pglite' || p.startsWith('apps/server'),
    ),
    env: { TEST_DB: db },
    // One worker runs several files and reuses the migrated PGlite template (test/helpers/test-database.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      serverProject('server-pglite', 'pglite'),
      ...(process.env.DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
      {
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
