/**
 * `npm run account:confirm-email -- EMAIL` (scripts/confirm-email.ts, docs/decisions/051-verified-email-and-membership-end.md)
 * as a child process, on an embedded data folder (PGlite) or this file's PostgreSQL test database: the
 * operator of a server without SMTP confirms a person's e-mail; an unknown address is exit code 1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { user } from '../src/db/schema/index.ts';
import { runScript } from './helpers/run-script.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './helpers/test-database.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-confirm-email-cli-'));
let testDb: TestDatabase | undefined;
let databaseUrl = '';

/** The database as the test reads it (PGlite: opened only while the command is not running). */
async function withDatabase<T>(work: (db: Database['db']) => Promise<T>): Promise<T> {
  if (testDb) return work(testDb.db);
  const database = await openDatabase({ dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  if (testDatabaseKind() === 'postgres') {
    testDb = await createTestDatabase();
    databaseUrl = (testDb.pool!.options as { connectionString: string }).connectionString;
  }
  await withDatabase((db) =>
    db.insert(user).values({ id: 'cli-ana', name: 'Ana', email: 'ana@confeitaria.com.br', emailVerified: false }),
  );
}, 120_000);
afterAll(async () => {
  await testDb?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function confirmEmailCommand(...args: string[]) {
  const run = await runScript('confirm-email.ts', args, {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
  });
  return { code: run.code, stdout: run.stdout.trim(), stderr: run.stderr.trim() };
}

const verified = () =>
  withDatabase(async (db) => (await db.select().from(user).where(eq(user.id, 'cli-ana')))[0]!.emailVerified);

describe('npm run account:confirm-email', () => {
  it('confirms the e-mail of the account with that address (any case), once', async () => {
    expect(await verified()).toBe(false);
    const first = await confirmEmailCommand('Ana@Confeitaria.com.br');
    expect(first).toMatchObject({ code: 0, stdout: 'E-mail Ana@Confeitaria.com.br confirmado.', stderr: '' });
    expect(await verified()).toBe(true);
    const again = await confirmEmailCommand('ana@confeitaria.com.br');
    expect(again).toMatchObject({ code: 0, stdout: 'O e-mail ana@confeitaria.com.br já estava confirmado.' });
  }, 120_000);

  it('an unknown address or no address: exit code 1 and one clear line', async () => {
    const unknown = await confirmEmailCommand('ninguem@exemplo.com.br');
    expect(unknown).toMatchObject({ code: 1, stdout: 'Nenhuma conta com o e-mail ninguem@exemplo.com.br.' });
    const none = await confirmEmailCommand();
    expect(none).toMatchObject({
      code: 1,
      stderr: 'Informe o e-mail: npm run account:confirm-email -- pessoa@exemplo.com.br',
    });
  }, 120_000);
});
