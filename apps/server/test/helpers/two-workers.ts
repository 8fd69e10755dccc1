/**
 * The set-up of the kill -9 tests (booking-reminders-kill, agenda-deposit-kill): a fake AI, a fresh
 * PostgreSQL database, a web process that is the WhatsApp simulator and two worker processes, A and B,
 * each reaching the simulator through its own fault proxy (helpers/fault-proxy.ts) whose sends `hold`
 * picks; the owner signed up over HTTP with an `api` of the web process. Everything is stopped by `cleanup`.
 */
import type { Db } from '../../src/db/client.ts';
import { startFakeLlm } from './engine-harness.ts';
import { childEnv, registerOver } from './engine-server-process.ts';
import { type FaultProxy, startFaultProxy } from './fault-proxy.ts';
import type { ProcessCleanup } from './process-cleanup.ts';
import { freePort, type ServerProcess, startServerProcess } from './server-process.ts';
import { createTestDatabase } from './test-database.ts';

export interface TwoWorkers {
  db: Db;
  web: ServerProcess;
  a: ServerProcess;
  b: ServerProcess;
  proxyA: FaultProxy;
  proxyB: FaultProxy;
  owner: { cookie: string; userId: string; email: string };
  /** The owner's call to the web process; throws on an error answer. */
  api: (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;
}

export async function startTwoWorkers(
  cleanup: ProcessCleanup,
  /** Whether a worker's send with this body is held (its answer waits until the proxy's release()). */
  hold: (body: string) => boolean,
): Promise<TwoWorkers> {
  const fake = await startFakeLlm();
  cleanup.later(() => fake.close());
  const database = await createTestDatabase();
  cleanup.later(() => database.dispose());
  const url = (database.pool!.options as { connectionString: string }).connectionString;
  const env = (port: number, extra: Record<string, string>) =>
    childEnv(port, fake.url, {
      DATABASE_URL: url,
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ENGINE_LEASE_SECONDS: '3',
      ...extra,
    });
  const web = await startServerProcess(env(await freePort(), { VENDAI_ROLE: 'web' }));
  cleanup.running(web);
  const pick = (_path: string, body: string) => (hold(body) ? 'hold' : 'pass');
  const [proxyA, proxyB] = [await startFaultProxy(web.url, pick), await startFaultProxy(web.url, pick)];
  cleanup.later(
    () => proxyA.close(),
    () => proxyB.close(),
  );
  const [a, b] = await Promise.all(
    [proxyA, proxyB].map(async (proxy) =>
      startServerProcess(env(await freePort(), { VENDAI_ROLE: 'worker', GATEWAY_WEBHOOK_BASE_URL: proxy.url })),
    ),
  );
  cleanup.running(a!, b!);
  const owner = await registerOver(web.url);
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${web.url}${path}`, {
      method,
      headers: { cookie: owner.cookie, origin: web.url, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  return { db: database.db, web, a: a!, b: b!, proxyA, proxyB, owner, api };
}
