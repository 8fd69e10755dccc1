/**
 * `npm run agent:test` (scripts/agent-test.ts, docs/decisions/039-agent-tests.md) as a child process with
 * the offline demo AI, on an embedded data folder (PGlite) or this file's PostgreSQL test database: the
 * table of each agent's cases, exit code 0 when all passed, 1 when some failed, 2 for usage errors.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { agentTestExpectationSchema } from '@vendai/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { agentes, user } from '../src/db/schema/index.ts';
import { seedPlans } from '../src/db/seed.ts';
import { insertCases } from '../src/modules/agent-tests/cases-repository.ts';
import { runScript } from './helpers/run-script.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './helpers/test-database.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-agent-test-cli-'));
let testDb: TestDatabase | undefined;
let databaseUrl = '';
const ids = { luna: '', sol: '', other: '' };

async function seedAccount(db: Database['db'], email: string, agents: Record<string, [string, object][]>) {
  const userId = `cli-${email}`;
  await db.insert(user).values({ id: userId, name: email, email });
  const out: Record<string, string> = {};
  for (const [apelido, cases] of Object.entries(agents)) {
    const [agent] = await db
      .insert(agentes)
      .values({ userId, apelido, systemPrompt: `Você é ${apelido}, atendente de uma confeitaria.` })
      .returning();
    out[apelido] = agent!.id;
    await insertCases(
      db,
      userId,
      agent!.id,
      cases.map(([title, expectation]) => ({
        title,
        kind: 'outro',
        turns: [title],
        expectation: agentTestExpectationSchema.parse(expectation),
        source: 'dono',
      })),
    );
  }
  return out;
}

beforeAll(async () => {
  let database: Database;
  if (testDatabaseKind() === 'postgres') {
    testDb = await createTestDatabase();
    database = testDb;
    databaseUrl = (testDb.pool!.options as { connectionString: string }).connectionString;
  } else database = await openDatabase({ dataDir });
  await seedPlans(database.db);
  const a = await seedAccount(database.db, 'ana@confeitaria.com.br', {
    Luna: [
      ['Vocês entregam?', {}],
      ['Achei caro.', { rubric: 'Faz a venda andar.' }],
      ['Tem unicórnio?', { mustContain: ['unicórnio de pelúcia'] }],
    ],
    Sol: [['Vocês entregam?', {}]],
  });
  const b = await seedAccount(database.db, 'bia@padaria.com.br', { Nuvem: [] });
  Object.assign(ids, { luna: a.Luna, sol: a.Sol, other: b.Nuvem });
  if (!testDb) await database.close();
}, 120_000);
afterAll(async () => {
  await testDb?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const agentTest = (...args: string[]) =>
  runScript('agent-test.ts', args, {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    AI_PROVIDER: 'demo',
    LOG_LEVEL: 'warn',
  });

const rows = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => l.includes(' | '))
    .map((l) => l.split(' | ').map((c) => c.trim()));

describe('npm run agent:test', () => {
  it('one agent whose cases all pass: its table and exit code 0', async () => {
    const { code, stdout, stderr } = await agentTest('--account', 'Ana@Confeitaria.com.br', '--agent', ids.sol);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('Agente Sol (modelo demo):');
    expect(rows(stdout)).toEqual([
      ['Caso', 'Verificações', 'Resultado', 'Juiz', 'Falhas'],
      ['Vocês entregam?', 'deterministico', 'passou', '-', '-'],
    ]);
    expect(stdout).toContain('1/1 casos passaram.');
  }, 120_000);

  it('every agent of the account: a failed case gives exit code 1, with the check that failed', async () => {
    const { code, stdout } = await agentTest('--account', 'ana@confeitaria.com.br');
    expect(code).toBe(1);
    expect(stdout).toContain('Agente Luna (modelo demo):');
    expect(stdout).toContain('Agente Sol (modelo demo):');
    const table = rows(stdout);
    expect(table).toContainEqual(['Vocês entregam?', 'deterministico', 'passou', '-', '-']);
    expect(table).toContainEqual(['Achei caro.', 'deterministico+juiz', 'passou', '3/3', '-']);
    const failed = table.find((r) => r[0] === 'Tem unicórnio?')!;
    expect(failed.slice(0, 4)).toEqual(['Tem unicórnio?', 'deterministico', 'falhou', '-']);
    expect(failed[4]).toMatch(/unicórnio de pelúcia/i);
    expect(stdout).toContain('2/3 casos passaram.');
  }, 120_000);

  it('usage errors: exit code 2 and one clear line', async () => {
    const cases: [string[], string][] = [
      [[], 'Use: npm run agent:test -- --account <e-mail> [--agent <id do agente>]'],
      [['--account', 'ninguem@exemplo.com.br'], 'Nenhuma conta com o e-mail ninguem@exemplo.com.br.'],
      [
        ['--account', 'ana@confeitaria.com.br', '--agent', ids.other],
        `O agente ${ids.other} não existe na conta ana@confeitaria.com.br.`,
      ],
      [['--account', 'bia@padaria.com.br'], `O agente Nuvem (${ids.other}) não tem testes`],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await agentTest(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toContain(message);
    }
  }, 240_000);
});
