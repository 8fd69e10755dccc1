import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the app uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance (embedded mode only), for LISTEN/NOTIFY and job queues. */
  pglite?: PGlite;
  /** The pg pool (server mode only). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

const migrationsFolder = MIGRATIONS_DIR;

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; `memory://` keeps it in memory. */
  dataDir: string;
  /** A PGlite instance to use as it is (tests clone a migrated template). */
  pglite?: PGlite;
}

/** Opens the database and applies the committed migrations (same SQL on PGlite and PostgreSQL). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // JIT compilation off for the app's sessions (an `options=` in DATABASE_URL still wins): VendAI's queries
    // are short, and a plan the planner prices high — a count over 100,000 conversations — spent 0.8–2.9 s
    // compiling for ~0.1 s of work (docs/performance.md, Resultados).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: '-c jit=off' });
    // An idle connection closed by the server (restart, failover, admin termination) is emitted on the
    // pool; without a listener it would crash the process. The pool replaces the client on next use.
    pool.on('error', (err) => console.error(`[db] conexão ociosa encerrada pelo PostgreSQL: ${err.message}`));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    await withMigrationLock(pool, () => migratePg(db, { migrationsFolder }));
    return { db: db as unknown as Db, kind: 'postgres', pool, close: () => pool.end() };
  }
  const pglite = options.pglite ?? (await openPglite(options.dataDir));
  const db = drizzlePglite(pglite, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', pglite, close: () => pglite.close() };
}

/**
 * Applies a workspace package's own migrations (a fake mounted by the app, decision 022) with this
 * database's driver, recorded in the package's own migrations table: product migrations never carry
 * its tables.
 */
export async function migrateFolder(
  database: Database,
  config: { migrationsFolder: string; migrationsTable: string },
): Promise<void> {
  if (database.kind === 'postgres' && database.pool) {
    await withMigrationLock(database.pool, () => migratePg(database.db as never, config));
  } else await migratePglite(database.db as never, config);
}

/** Any fixed number, the same in every process: the key of the migrations' advisory lock. */
const MIGRATION_LOCK_KEY = 4_242_017;

/**
 * Several processes starting together against one PostgreSQL (web and worker roles, a rolling restart)
 * would each run the same CREATE TABLE; the second fails on 'already exists'. A session advisory lock
 * held on a dedicated connection makes them take turns: the later ones find the migrations recorded.
 */
async function withMigrationLock(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * PostgreSQL's default 128 MB of shared buffers is most of an idle embedded server's memory (measured:
 * 320 MB resident after opening, 176 MB with 16 MB): PGlite touches all of them at start. 16 MB (2,048
 * pages) holds a small business's hot rows; what falls out is read again from the operating system's
 * file cache, not the disk (32 → 16 MB: −17 MB idle, docs/performance.md).
 */
export const PGLITE_SETTINGS = { postgresqlconf: ['shared_buffers=16MB'], extensions: pgliteExtensions() };

/**
 * The contrib extensions the migrations CREATE (accent-insensitive Portuguese search and trigram name
 * matches, docs/decisions/025-catalogue-and-price-guard.md; the agenda's no-overlap constraint,
 * docs/decisions/069-agenda.md): PGlite must load them at start to allow it.
 * Every PGlite the app or its tests open passes these.
 */
export function pgliteExtensions() {
  return { unaccent, pg_trgm, btree_gist };
}

/** The embedded database's own folder inside DATA_DIR (the rest holds media, the generated secret, the lock). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

async function openPglite(dataDir: string): Promise<PGlite> {
  if (dataDir.startsWith('memory://')) return PGlite.create(dataDir, PGLITE_SETTINGS);
  const dir = pgliteDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  return PGlite.create(dir, PGLITE_SETTINGS);
}
