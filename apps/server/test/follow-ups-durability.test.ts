/**
 * Follow-ups with the server as real child processes on one PostgreSQL (docs/decisions/037-follow-ups.md):
 * touches due, the process SIGKILLed while sending them, then two processes started together: every
 * quiet customer gets exactly one touch on the simulator's phone, none twice.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businessHours, followUpSettings, numbers } from '../src/db/schema/index.ts';
import { resultRows } from '../src/db/rows.ts';
import { sleep, startFakeLlm, waitFor } from './helpers/engine-harness.ts';
import {
  childEnv,
  connectShop,
  customerWrites,
  registerOver,
  repliesPerChat,
  seedShop,
} from './helpers/engine-server-process.ts';
import { freePort, startServerProcess } from './helpers/server-process.ts';
import { useProcessCleanup } from './helpers/process-cleanup.ts';
import { createTestDatabase, testDatabaseKind } from './helpers/test-database.ts';

const cleanup = useProcessCleanup();

describe('follow-ups durability', () => {
  it.runIf(testDatabaseKind() === 'postgres')(
    'touches due when the process is SIGKILLed go exactly once, with two processes after the restart',
    async () => {
      const fake = await startFakeLlm();
      cleanup.later(() => fake.close());
      let touches = 0;
      // Replies at once; touches slowly, so the kill lands while they are being written and sent.
      fake.respond = async (call, n) => {
        if (!call.messages.some((m) => m.content.includes('o cliente parou de responder')))
          return { content: `Resposta da IA ${n}` };
        touches += 1;
        await sleep(700);
        return { content: `Oi! Ainda posso te ajudar? (${n})` };
      };
      const database = await createTestDatabase();
      cleanup.later(() => database.dispose());
      const url = (database.pool!.options as { connectionString: string }).connectionString;
      const port = await freePort();
      const env = childEnv(port, fake.url, {
        DATABASE_URL: url,
        FOLLOW_UPS_POLL_SECONDS: '0.5',
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      });
      const first = await startServerProcess(env);
      cleanup.running(first);
      const shop = await seedShop(database.db, 0, await registerOver(first.url));
      await connectShop(first.url, shop);
      const [{ agente }] = (await database.db
        .select({ agente: numbers.agente })
        .from(numbers)
        .where(eq(numbers.id, shop.numberId))) as [{ agente: string }];
      const customers = Array.from({ length: 6 }, (_, i) => `55219555000${String(i).padStart(2, '0')}`);
      for (const phone of customers)
        await customerWrites(first.url, shop, phone, `Quanto custa o item ${phone.slice(-2)}?`);
      await waitFor(
        async () => [...(await repliesPerChat(first.url, shop)).values()].filter((n) => n === 1).length === 6,
        'every customer answered',
        60_000,
      );
      // The ladder on (one touch, 1 h), and the clock moves: the answers were given 2 hours ago.
      // Touches go only within business hours, and the default week is closed at night and on Sundays
      // (docs/decisions/046-one-door-out.md): this shop opens every hour, so the test runs any day.
      await database.db
        .insert(businessHours)
        .values({ userId: shop.userId, week: Array(7).fill({ from: '00:00', to: '23:59' }), closedDays: [] });
      await database.db
        .insert(followUpSettings)
        .values({ agentId: agente, userId: shop.userId, enabled: true, gapsMinutes: [60] });
      await database.db.execute(sql`
        update messages set created_at = created_at - interval '2 hours'
        where conv_id in (select id from conversations where number_id = ${shop.numberId})`);
      await waitFor(async () => touches >= 2, 'touches being written', 30_000);
      first.child.kill('SIGKILL');
      await first.exited;

      const [portB, portC] = [await freePort(), await freePort()];
      const [b, c] = await Promise.all([
        startServerProcess({ ...env, PORT: String(portB), APP_URL: `http://127.0.0.1:${portB}` }),
        startServerProcess({ ...env, PORT: String(portC), APP_URL: `http://127.0.0.1:${portC}` }),
      ]);
      cleanup.running(b, c);
      const finished = async () =>
        resultRows<{ n: number }>(
          await database.db.execute(sql`
            select count(*)::int as n from follow_ups where number_id = ${shop.numberId} and state in ('sent', 'failed')`),
        )[0]!.n;
      await waitFor(async () => (await finished()) === 6, 'every touch settled', 90_000);
      await sleep(2_000);
      const states = resultRows<{ conv_id: string; state: string }>(
        await database.db.execute(sql`select conv_id, state from follow_ups where number_id = ${shop.numberId}`),
      );
      expect(states).toHaveLength(6);
      expect(states.every((s) => s.state === 'sent')).toBe(true);
      // On the customers' phones (the simulator b serves: the same database): the answer and one touch each.
      const counts = await repliesPerChat(b.url, shop);
      expect(customers.map((p) => counts.get(p))).toEqual(customers.map(() => 2));
    },
    240_000,
  );
});
