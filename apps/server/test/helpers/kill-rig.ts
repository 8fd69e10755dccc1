/**
 * The set-up the kill -9 tests share (a campaign's, the reminders', the door out's): on this file's PostgreSQL
 * test database, a web process that is the WhatsApp simulator, and two worker processes, A and B, that reach
 * it through fault proxies (fault-proxy.ts): once the test starts holding, each proxy passes the chosen sends
 * on and holds their answers, so the worker holding one can be SIGKILLed after the customer already has it.
 * The owner signs up on the web process; `connectedShop` seeds the shop and scans its QR.
 */
import { startFakeLlm, waitFor } from './engine-harness.ts';
import {
  childEnv,
  connectShop,
  numberConnected,
  registerOver,
  type SeededShop,
  seedShop,
} from './engine-server-process.ts';
import { type FaultProxy, startFaultProxy } from './fault-proxy.ts';
import type { ProcessCleanup } from './process-cleanup.ts';
import { freePort, type ServerProcess, startServerProcess } from './server-process.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * A killed worker's job is taken over after at most about 1.5 × this (s), instead of its queue's expiry and a minute
 * more. Longer than any hold of the rig's proxies on a live worker: a job held past it would be taken over while it
 * still runs (docs/decisions/082-job-takeover-in-tests.md).
 */
export const JOBS_TAKEOVER_SECONDS_IN_TESTS = '45';

export interface KillRig {
  fake: Awaited<ReturnType<typeof startFakeLlm>>;
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  web: ServerProcess;
  a: ServerProcess;
  b: ServerProcess;
  proxyA: FaultProxy;
  proxyB: FaultProxy;
  owner: Awaited<ReturnType<typeof registerOver>>;
  /** From now on the proxies hold the answers of the sends `hold` picks (false: they pass everything). */
  setHolding(on: boolean): void;
  /** The owner's API on a process (the web one unless named); throws on a status other than 2xx. */
  api(method: string, path: string, body?: unknown, on?: ServerProcess): Promise<Record<string, unknown>>;
  /** The owner's QR shop (an agent answering at once), connected through the web process's simulator. */
  connectedShop(): Promise<SeededShop>;
  /**
   * Waits until a proxy holds a send whose body `held` picks, SIGKILLs its worker, stops holding and lets the
   * other proxy's held answers through.
   */
  killHolder(
    held: (body: string) => boolean,
    what: string,
    timeoutMs: number,
  ): Promise<{ victim: ServerProcess; survivor: ServerProcess; heldByVictim: string[] }>;
}

/**
 * Starts the rig. `env` tunes every process (on top of childEnv's, DATABASE_URL and a high auth rate limit);
 * `workerRole` is the workers' VENDAI_ROLE ('worker', or undefined for web and worker in one); `hold` picks
 * the sends whose answers the proxies hold while holding is on.
 */
export async function startKillRig(
  cleanup: ProcessCleanup,
  options: { env: Record<string, string>; workerRole?: 'worker'; hold: (body: string) => boolean },
): Promise<KillRig> {
  const fake = await startFakeLlm();
  cleanup.later(() => fake.close());
  const database = await createTestDatabase();
  cleanup.later(() => database.dispose());
  const url = (database.pool!.options as { connectionString: string }).connectionString;
  const env = (port: number, extra: Record<string, string>) =>
    childEnv(port, fake.url, {
      DATABASE_URL: url,
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      // The victim's job is taken over in seconds, not after its queue's expiry (minutes): decision 082.
      JOBS_TAKEOVER_SECONDS: JOBS_TAKEOVER_SECONDS_IN_TESTS,
      ...options.env,
      ...extra,
    });
  const web = await startServerProcess(env(await freePort(), { VENDAI_ROLE: 'web' }));
  cleanup.running(web);
  let holding = false;
  const pick = (_path: string, body: string) => (holding && options.hold(body) ? 'hold' : 'pass');
  const [proxyA, proxyB] = [await startFaultProxy(web.url, pick), await startFaultProxy(web.url, pick)];
  cleanup.later(
    () => proxyA.close(),
    () => proxyB.close(),
  );
  const role: Record<string, string> = options.workerRole ? { VENDAI_ROLE: options.workerRole } : {};
  const [a, b] = await Promise.all(
    [proxyA, proxyB].map(async (proxy) =>
      startServerProcess(env(await freePort(), { ...role, GATEWAY_WEBHOOK_BASE_URL: proxy.url })),
    ),
  );
  cleanup.running(a!, b!);
  const owner = await registerOver(web.url);
  return {
    fake,
    database,
    web,
    a: a!,
    b: b!,
    proxyA,
    proxyB,
    owner,
    setHolding: (on) => {
      holding = on;
    },
    async api(method, path, body, on = web) {
      const res = await fetch(`${on.url}${path}`, {
        method,
        headers: { cookie: owner.cookie, origin: on.url, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    },
    async connectedShop() {
      const shop = await seedShop(database.db, 0, owner);
      await connectShop(web.url, shop);
      await waitFor(() => numberConnected(database.db, shop.numberId), 'the number connected');
      return shop;
    },
    async killHolder(held, what, timeoutMs) {
      const holds = (proxy: FaultProxy) => proxy.held.some(held);
      await waitFor(() => holds(proxyA) || holds(proxyB), what, timeoutMs);
      const [victim, survivor, survivorProxy, victimProxy] = holds(proxyA)
        ? [a!, b!, proxyB, proxyA]
        : [b!, a!, proxyA, proxyB];
      victim.child.kill('SIGKILL');
      await victim.exited;
      holding = false;
      survivorProxy.release();
      return { victim, survivor, heldByVictim: victimProxy.held };
    },
  };
}
