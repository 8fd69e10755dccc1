/**
 * Durability of AI replies with the server as a real child process: SIGKILL with replies pending
 * and a restart on the same database (PGlite data directory or a throwaway PostgreSQL database),
 * and, on PostgreSQL, two server processes answering 200 bursts between them.
 * QR numbers only: the child-process harness opens QR shops, and this file's length and load are not
 * doubled for CI time (a Cloud part cut by a restart: engine-restart-reconcile.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase, pgliteDir } from '../src/db/client.ts';
import { messages, replyBursts } from '../src/db/schema/index.ts';
import { type FakeLlm, sleep, startFakeLlm, waitFor } from './helpers/engine-harness.ts';
import {
  childEnv,
  connectShop,
  conversationCount,
  customerWrites,
  numberConnected,
  registerOver,
  repliesPerChat,
  seedShop,
} from './helpers/engine-server-process.ts';
import { freePort, startServerProcess } from './helpers/server-process.ts';
import { useProcessCleanup } from './helpers/process-cleanup.ts';
import {
  createTestDatabase,
  seedMigratedPgliteDir,
  type TestDatabase,
  testDatabaseKind,
} from './helpers/test-database.ts';

const kind = testDatabaseKind();
const cleanup = useProcessCleanup();

async function llm(): Promise<FakeLlm> {
  const fake = await startFakeLlm();
  cleanup.later(() => fake.close());
  return fake;
}

async function postgresDatabase(): Promise<{ database: TestDatabase; url: string }> {
  const database = await createTestDatabase();
  cleanup.later(() => database.dispose());
  return { database, url: (database.pool!.options as { connectionString: string }).connectionString };
}

describe('durability', () => {
  it('sends every reply scheduled before a SIGKILL exactly once after the restart', async () => {
    const fake = await llm();
    const port = await freePort();
    let db: Database;
    let extra: Record<string, string | undefined>;
    let dataDir: string | undefined;
    if (kind === 'postgres') {
      const { database, url } = await postgresDatabase();
      db = database;
      extra = { DATABASE_URL: url };
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-durability-'));
      cleanup.later(async () => fs.rmSync(dataDir!, { recursive: true, force: true }));
      // The migrated template, not initdb and every migration (startServerProcess does the same).
      await seedMigratedPgliteDir(pgliteDir(dataDir));
      db = await openDatabase({ dataDir });
      extra = { DATABASE_URL: undefined, DATA_DIR: dataDir };
    }
    const env = childEnv(port, fake.url, extra);
    if (kind === 'pglite') await db.close(); // one process owns a PGlite directory
    // Sign up through the server (a session to watch the inbox with), then give the user an agent
    // (delay 6 s: the replies are still waiting when the process is killed) and a number.
    const setup = await startServerProcess(env);
    cleanup.running(setup);
    const { cookie, userId } = await registerOver(setup.url);
    await setup.stop();
    if (kind === 'pglite') db = await openDatabase({ dataDir: dataDir! });
    const shop = await seedShop(db.db, 6, { userId, cookie });
    if (kind === 'pglite') await db.close();

    const first = await startServerProcess(env);
    cleanup.running(first);
    await connectShop(first.url, shop);
    const customers = Array.from({ length: 8 }, (_, i) => `55219876500${String(i).padStart(2, '0')}`);
    for (const phone of customers)
      await customerWrites(first.url, shop, phone, `Olá, sou o cliente ${phone.slice(-2)}`);
    // Every message stored (one conversation per customer) before the kill.
    await waitFor(
      async () => (await conversationCount(first.url, cookie)) === customers.length,
      'messages stored',
      30_000,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    expect(fake.calls).toHaveLength(0);

    const second = await startServerProcess(env);
    cleanup.running(second);
    try {
      await waitFor(
        async () => {
          const counts = await repliesPerChat(second.url, shop);
          return customers.every((c) => (counts.get(c) ?? 0) >= 1);
        },
        'every customer answered after the restart',
        60_000,
      );
    } catch (err) {
      // The servers' own words help more than a timeout.
      throw new Error(
        `${(err as Error).message}\nbefore the kill:\n${first.output().slice(-2000)}\nafter the restart:\n${second.output().slice(-2000)}`,
        { cause: err },
      );
    }
    await sleep(3000);
    const counts = await repliesPerChat(second.url, shop);
    expect([...counts.values()]).toEqual(customers.map(() => 1));
    expect(fake.calls).toHaveLength(customers.length);
    await second.stop();

    const after = kind === 'pglite' ? await openDatabase({ dataDir: dataDir! }) : db;
    try {
      const ai = await after.db.select().from(messages).where(eq(messages.author, 'ai'));
      expect(ai).toHaveLength(customers.length);
      const states = await after.db.select({ state: replyBursts.state }).from(replyBursts);
      expect(states.every((s) => s.state === 'done')).toBe(true);
    } finally {
      if (kind === 'pglite') await after.close();
    }
  }, 240_000);

  it.runIf(kind === 'postgres')(
    'two server processes on one PostgreSQL answer 200 bursts with 200 replies and no duplicate',
    async () => {
      const fake = await llm();
      const { database, url } = await postgresDatabase();
      const [portA, portB] = [await freePort(), await freePort()];
      const envOf = (port: number) =>
        childEnv(port, fake.url, { DATABASE_URL: url, AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
      const [a, b] = await Promise.all([startServerProcess(envOf(portA)), startServerProcess(envOf(portB))]);
      cleanup.running(a, b);
      const shops = [];
      for (let i = 0; i < 4; i++) {
        const shop = await seedShop(database.db, 0, await registerOver(a.url));
        const via = i % 2 === 0 ? a : b;
        await connectShop(via.url, shop);
        await waitFor(() => numberConnected(database.db, shop.numberId), 'connected');
        shops.push({ shop, via: i % 2 === 0 ? [a, b] : [b, a] });
      }
      const jobs: (() => Promise<void>)[] = [];
      shops.forEach(({ shop, via }, s) => {
        for (let c = 0; c < 50; c++) {
          const phone = `55319${String(s).padStart(2, '0')}${String(c).padStart(6, '0')}`;
          // Half of the customers write through each process's simulator; either process may answer.
          jobs.push(() => customerWrites(via[c % 2]!.url, shop, phone, `Oi, quanto custa? (${s}-${c})`));
        }
      });
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < jobs.length) await jobs[next++]!();
        }),
      );
      const count = async () => {
        const rows = await database.db.execute(
          sql`select count(*)::int as n, count(distinct chat_id)::int as chats from sim_messages where from_me`,
        );
        return (rows as unknown as { rows: { n: number; chats: number }[] }).rows[0]!;
      };
      await waitFor(async () => (await count()).chats >= 200, 'every customer answered', 240_000);
      await sleep(4000);
      // 200 bursts → 200 replies, one per customer: no duplicate.
      expect(await count()).toEqual({ n: 200, chats: 200 });
      const ai = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .where(eq(messages.author, 'ai'));
      expect(ai[0]!.n).toBe(200);
      expect(fake.calls).toHaveLength(200);
    },
    300_000,
  );
});
