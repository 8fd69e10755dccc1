/**
 * Overage meter events across a SIGKILL: the server as a real child process reports AI answers past
 * a paid plan's limit to the local payments stand-in, is killed with -9 in the middle, restarts on the
 * same database, and every message ends up billed exactly once. PostgreSQL only: the test watches
 * the database while the child owns it (a PGlite directory has one owner; billing-overage.test.ts
 * covers the same crash state in-process on both databases).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { storeAnswers } from './helpers/billing-helpers.ts';
import { waitFor } from './helpers/gateway-helpers.ts';
import { registerOver } from './helpers/engine-server-process.ts';
import { freePort, startServerProcess } from './helpers/server-process.ts';
import { useProcessCleanup } from './helpers/process-cleanup.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './helpers/test-database.ts';

let database: TestDatabase | undefined;
const cleanup = useProcessCleanup();
cleanup.later(async () => database?.dispose());

const OVERAGE = 400;

async function count(q: ReturnType<typeof sql>): Promise<number> {
  return resultRows<{ n: number }>(await database!.db.execute(q))[0]!.n;
}

describe.skipIf(testDatabaseKind() !== 'postgres')('overage across a SIGKILL', () => {
  it('bills each message once when the server dies while reporting', { timeout: 240_000 }, async () => {
    database = await createTestDatabase();
    const url = (database.pool!.options as { connectionString: string }).connectionString;
    const port = await freePort();
    const env = {
      DATABASE_URL: url,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: 'billing-restart-secret-0123456789-0123456789',
      BILLING_METER_INTERVAL_SECONDS: '3600',
    };

    // Subscribe through the stand-in, then store 5,000 + OVERAGE AI answers while no job is due.
    const setup = await startServerProcess(env);
    cleanup.running(setup);
    const { cookie, userId } = await registerOver(setup.url);
    const headers = { cookie, origin: setup.url, 'content-type': 'application/json' };
    const plan = resultRows<{ id: string }>(
      await database.db.execute(sql`select id from plans where slug = 'expansao-ia'`),
    )[0]!.id;
    const checkout = await fetch(`${setup.url}/api/billing/create-checkout-session`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ planId: plan }),
    });
    const { checkout_url } = (await checkout.json()) as { checkout_url: string };
    const pay = await fetch(`${checkout_url}/pagar`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(pay.status).toBe(303);
    await setup.stop();
    await storeAnswers(database.db, userId, 5_000 + OVERAGE);

    // The job runs at start: kill -9 as soon as Stripe (the stand-in) has some of the events.
    const first = await startServerProcess({ ...env, BILLING_METER_INTERVAL_SECONDS: '1' });
    cleanup.running(first);
    await waitFor(async () => (await count(sql`select count(*)::int as n from payments_standin_meter_events`)) > 0, {
      what: 'the first meter events at the stand-in',
      timeoutMs: 90_000,
      intervalMs: 5,
    });
    first.child.kill('SIGKILL');
    await first.exited;
    const sentBeforeKill = await count(sql`select count(*)::int as n from payments_standin_meter_events`);
    const markedBeforeKill = await count(
      sql`select count(*)::int as n from billing_meter_reports where reported_at is not null`,
    );

    const second = await startServerProcess({ ...env, BILLING_METER_INTERVAL_SECONDS: '1' });
    cleanup.running(second);
    await waitFor(
      async () =>
        (await count(sql`select count(*)::int as n from billing_meter_reports where reported_at is not null`)) ===
        OVERAGE,
      { what: 'every overage message reported after the restart', timeoutMs: 150_000, intervalMs: 100 },
    );
    await second.stop();

    expect(await count(sql`select count(*)::int as n from billing_meter_reports`)).toBe(OVERAGE);
    expect(await count(sql`select count(*)::int as n from payments_standin_meter_events`)).toBe(OVERAGE);
    // Every accepted meter event is one of our overage messages (identifier = message id).
    expect(
      await count(
        sql`select count(*)::int as n from payments_standin_meter_events e join billing_meter_reports r on r.message_id::text = e.identifier`,
      ),
    ).toBe(OVERAGE);
    console.log(
      `billing restart: ${sentBeforeKill} events sent and ${markedBeforeKill} marked before the kill; resent after it: ${await count(sql`select coalesce(sum(duplicates), 0)::int as n from payments_standin_meter_events`)}`,
    );
  });
});
