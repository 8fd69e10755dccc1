/**
 * Several processes starting together against one PostgreSQL (web and worker roles, a rolling restart)
 * each apply the migrations at start. They take turns behind an advisory lock, so none fails on a
 * table another has just created: product migrations and a mounted fake's own migrations alike.
 * PostgreSQL only; the embedded PGlite has one process by construction.
 */
import { randomBytes } from 'node:crypto';
import { STANDIN_MIGRATIONS_TABLE } from '@vendai/payments-standin';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Database, migrateFolder, openDatabase } from '../src/db/client.ts';
import { packageMigrationsDir } from '../src/paths.ts';
import { testDatabaseKind } from './helpers/test-database.ts';

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.runIf(testDatabaseKind() === 'postgres')('migrations started by several processes at once', () => {
  it('four opens of one empty database all succeed, and the stand-in’s tables are made once', async () => {
    const name = `vendai_test_mig_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const opened: Database[] = [];
    try {
      const results = await Promise.allSettled(
        [1, 2, 3, 4].map(async () => {
          const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
          opened.push(database);
          await migrateFolder(database, {
            migrationsFolder: packageMigrationsDir('payments-standin'),
            migrationsTable: STANDIN_MIGRATIONS_TABLE,
          });
          return database;
        }),
      );
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
      const tables = (await opened[0]!.db.execute(
        sql`select to_regclass('payments_standin_meter_events') as t, to_regclass('conversations') as c`,
      )) as unknown as { rows: { t: string | null; c: string | null }[] };
      expect(tables.rows[0]).toEqual({ t: 'payments_standin_meter_events', c: 'conversations' });
    } finally {
      await Promise.all(opened.map((d) => d.close()));
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
