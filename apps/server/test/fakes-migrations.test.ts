/**
 * The fakes' tables live apart from the product (docs/decisions/022-fakes-apart-and-simulator-access.md):
 * product migrations do not create the payments stand-in's tables; the stand-in applies its own
 * migrations, recorded in its own table, when the app mounts it, and a production app never has them.
 */
import { sql } from 'drizzle-orm';
import { STANDIN_MIGRATIONS_TABLE } from '@vendai/payments-standin';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase } from './helpers/test-database.ts';

const STANDIN_TABLES = ['payments_standin_objects', 'payments_standin_meter_events'];

async function existing(db: Db, tables: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const name of tables) {
    const res = (await db.execute(sql`select to_regclass(${name}) as t`)) as unknown as {
      rows: { t: string | null }[];
    };
    if (res.rows[0]?.t) found.push(name);
  }
  return found;
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the payments stand-in’s migrations', () => {
  it('product migrations alone leave no stand-in table', async () => {
    const database = await createTestDatabase();
    try {
      expect(await existing(database.db, STANDIN_TABLES)).toEqual([]);
    } finally {
      await database.dispose();
    }
  });

  it('mounting the stand-in applies its own migrations, in its own table', async () => {
    t = await createTestApp();
    expect(t.env.paymentsMode).toBe('standin');
    expect(await existing(t.database.db, STANDIN_TABLES)).toEqual(STANDIN_TABLES);
    const own = (await t.database.db.execute(
      sql.raw(`select count(*)::int as n from drizzle.${STANDIN_MIGRATIONS_TABLE}`),
    )) as unknown as { rows: { n: number }[] };
    expect(own.rows[0]!.n).toBeGreaterThan(0);
  });

  it('a production app never creates them', async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 'um-segredo-de-producao-bem-longo-e-aleatorio-0123456789abcdef',
        EVOLUTION_API_URL: 'http://127.0.0.1:9/',
        EVOLUTION_API_KEY: 'chave-da-evolution',
        AI_PROVIDER: 'demo',
      },
    });
    expect(await existing(t.database.db, STANDIN_TABLES)).toEqual([]);
  });
});
