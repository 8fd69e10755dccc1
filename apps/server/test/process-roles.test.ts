/**
 * Process roles (docs/decisions/030-process-roles.md) with real processes on one PostgreSQL: two web
 * processes take the gateway's webhooks (the simulator posts them, signed with each number's secret)
 * and hold the owner's sockets; two worker processes ingest and answer. Under steady load of 120
 * customers a worker is SIGKILLed and another started, twice: every customer is answered exactly once at
 * the gateway, nothing is lost, the replies a kill cut are reconciled with the gateway (none left
 * interrupted: the simulator can always be asked), and the sockets on both web processes see every event.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { type FakeLlm, startFakeLlm, waitFor } from './helpers/engine-harness.ts';
import {
  childEnv,
  connectShop,
  customerWrites,
  numberConnected,
  registerOver,
  type SeededShop,
  seedShop,
} from './helpers/engine-server-process.ts';
import { freePort, type ServerProcess, startServerProcess } from './helpers/server-process.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './helpers/test-database.ts';
import { connectWs, type WsClient } from './helpers/ws-client.ts';

const CUSTOMERS_PER_SHOP = 60;
/** An outgoing message the gateway took: sent, then its receipts. */
const DONE = new Set(['sent', 'delivered', 'read']);

describe.runIf(testDatabaseKind() === 'postgres')('process roles: 2 web + 2 worker processes (PostgreSQL)', () => {
  let database: TestDatabase;
  let fake: FakeLlm;
  let url: string;
  const running: ServerProcess[] = [];
  const sockets: WsClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    url = (database.pool!.options as { connectionString: string }).connectionString;
    fake = await startFakeLlm();
    // The AI takes a moment, so a kill finds replies being prepared and sent.
    fake.respond = async (_call, n) => {
      await new Promise((r) => setTimeout(r, 150));
      return { content: `Resposta da IA ${n}` };
    };
  }, 60_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close().catch(() => {})));
    await Promise.all(running.map((p) => p.stop().catch(() => {})));
    await fake?.close();
    await database?.dispose();
  }, 60_000);

  async function start(role: 'web' | 'worker', publicUrl?: string): Promise<ServerProcess> {
    const port = await freePort();
    const env = childEnv(port, fake.url, {
      DATABASE_URL: url,
      VENDAI_ROLE: role,
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      // A worker reaches the gateway (here the simulator on a web process) through the public address.
      ...(publicUrl ? { APP_URL: publicUrl } : {}),
    });
    const p = await startServerProcess(env);
    running.push(p);
    return p;
  }

  it('answers every burst exactly once through two worker SIGKILLs, and both web processes see every event', async () => {
    const [webA, webB] = await Promise.all([start('web'), start('web')]);
    // A worker reaches the gateway (the simulator on web A) through the public address.
    const publicUrl = webA!.url;
    const [w1, w2] = await Promise.all([start('worker', publicUrl), start('worker', publicUrl)]);

    // A worker answers only the orchestrators' probes.
    expect((await fetch(`${w1!.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${w1!.url}/api/ready`)).status).toBe(200);
    expect((await fetch(`${w1!.url}/api/account/me`)).status).toBe(404);

    // One owner, two shops: one number's webhooks go to A, the other's to B.
    const owner = await registerOver(webA.url);
    const shops: { shop: SeededShop; web: ServerProcess }[] = [];
    for (const web of [webA, webB]) {
      const shop = await seedShop(database.db, 0, owner);
      await connectShop(webA.url, shop, web.url);
      await waitFor(() => numberConnected(database.db, shop.numberId), 'number connected', 30_000);
      shops.push({ shop, web });
    }
    const origin = (p: ServerProcess) => ({ cookie: owner.cookie, origin: p.url });
    for (const web of [webA, webB])
      sockets.push(await connectWs(`${web.url.replace('http', 'ws')}/api/realtime`, origin(web)));

    // Steady load: customers write one after another (4 at a time), each message a burst of its own.
    const writes: (() => Promise<void>)[] = [];
    shops.forEach(({ shop }, s) => {
      for (let c = 0; c < CUSTOMERS_PER_SHOP; c++) {
        const phone = `55419${s}${String(c).padStart(7, '0')}`;
        writes.push(() => customerWrites(webA.url, shop, phone, `Oi, quanto custa? (${s}-${c})`));
      }
    });
    const total = writes.length;
    // Each kill waits on progress, not on time, and the load waits for each kill: customers past half
    // (then past three quarters) write only once the first (then the second) kill happened, so both kills
    // land mid-run, with replies in flight, however fast or slow the machine is.
    const kills = [total / 2, (3 * total) / 4].map((from) => {
      let open = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { from, opened, open };
    });
    let next = 0;
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < writes.length) {
          const i = next++;
          for (const gate of kills) if (i >= gate.from) await gate.opened;
          await writes[i]!();
        }
      }),
    );

    const answeredChats = async () =>
      resultRows<{ n: number }>(
        await database.db.execute(sql`select count(distinct chat_id)::int as n from sim_messages where from_me`),
      )[0]!.n;
    // Mid-run, with replies being prepared and sent: a worker dies and another starts; later the other
    // first worker dies too and a fourth starts.
    const killedAt: number[] = [];
    const kill = async (victim: ServerProcess, answered: number, gate: { open: () => void }) => {
      await waitFor(async () => (await answeredChats()) >= answered, `${answered} customers answered`, 120_000);
      killedAt.push(Date.now());
      victim.child.kill('SIGKILL');
      await victim.exited;
      gate.open();
      // The next worker starts while the load goes on (the next kill may come before it listens).
      return { next: start('worker', publicUrl) };
    };
    const first = await kill(w1!, total / 4, kills[0]!);
    const second = await kill(w2!, total / 2, kills[1]!);
    await Promise.all([first.next, second.next]);
    await load;

    const unsettled = async () =>
      resultRows<{ bursts: number; pending: number }>(
        await database.db.execute(sql`
          select (select count(*)::int from reply_bursts where state in ('waiting', 'generating', 'sending')) as bursts,
                 (select count(*)::int from messages where status = 'pending') as pending`),
      )[0]!;
    try {
      await waitFor(async () => (await answeredChats()) === total, 'every customer answered', 90_000);
      await waitFor(
        async () => {
          const u = await unsettled();
          return u.bursts === 0 && u.pending === 0;
        },
        'every burst finished',
        30_000,
      );
    } catch (err) {
      throw new Error(
        `${(err as Error).message}: ${JSON.stringify(await unsettled())}\n${running.map((p) => p.output().slice(-1500)).join('\n---\n')}`,
        { cause: err },
      );
    }

    // Exactly once at the gateway: one business message per customer's chat.
    const perChat = resultRows<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from sim_messages where from_me group by chat_id`),
    );
    expect(perChat).toHaveLength(total);
    expect(perChat.every((r) => r.n === 1)).toBe(true);
    // And in the inbox: one AI message per customer, every one sent (none interrupted or failed: a part a
    // kill cut was settled with the gateway's record; the simulator's receipts may have moved it on).
    const ai = resultRows<{ id: string; status: string; error: string | null }>(
      await database.db.execute(sql`select id, status, error from messages where author = 'ai'`),
    );
    expect(ai).toHaveLength(total);
    expect(ai.filter((m) => !DONE.has(m.status))).toEqual([]);
    const bursts = resultRows<{ state: string; n: number }>(
      await database.db.execute(sql`select state, count(*)::int as n from reply_bursts group by state`),
    );
    expect(bursts).toEqual([{ state: 'done', n: total }]);

    // Both web processes' sockets saw the same events: every message, and every AI message sent. The
    // only exception: what a killed worker wrote in its last moment and died before publishing
    // (realtime events are not stored; the inbox shows them on its next load).
    const rows = resultRows<{ id: string; author: string; at: number }>(
      await database.db.execute(
        sql`select id, author, (extract(epoch from created_at) * 1000)::float8 as at from messages`,
      ),
    );
    const seen = (ws: WsClient) => {
      const out = new Set<string>();
      for (const m of ws.messages) {
        const data = m.data as { id?: string; status?: string } | undefined;
        if (!m.event.startsWith('message.') || !data?.id) continue;
        out.add(data.id);
        if (data.status && DONE.has(data.status)) out.add(`${data.id}:done`);
      }
      return out;
    };
    const [onA, onB] = sockets as [WsClient, WsClient];
    const shown = (ws: WsClient, r: { id: string; author: string }) => {
      const s = seen(ws);
      return s.has(r.id) && (r.author !== 'ai' || s.has(`${r.id}:done`));
    };
    const unseen = (ws: WsClient) => rows.filter((r) => !shown(ws, r));
    const nearAKill = (r: { at: number }) => killedAt.some((k) => r.at > k - 10_000 && r.at < k + 1_000);
    await waitFor(
      () => unseen(onA).every(nearAKill) && unseen(onB).every(nearAKill),
      'every event on both sockets',
      15_000,
    ).catch((err) => {
      throw new Error(`${(err as Error).message}: ${JSON.stringify([unseen(onA), unseen(onB), killedAt])}`, {
        cause: err,
      });
    });
    await waitFor(() => [...seen(onA)].sort().join() === [...seen(onB)].sort().join(), 'the same events on A and B');
    expect(unseen(onA).length).toBeLessThan(total / 4);
  }, 420_000);
});
