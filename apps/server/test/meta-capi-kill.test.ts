/**
 * A Purchase counted once by Meta when the process sending it is killed (docs/decisions/071-ad-attribution.md):
 * two real server processes on one PostgreSQL database, each sending to its own Conversions API stand-in (so the
 * test knows which one holds the event). The stand-in records the event (Meta has it) and holds the answer; the
 * holder is killed with SIGKILL before it can mark the event sent. The job's pg-boss expiry and the event's lease
 * lapse, the other process sends the same `event_id` again, and the event ends sent: Meta received it at most
 * twice and counts it once (it de-duplicates by event id).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { type CapiStandin, startCapiStandin } from '@vendai/capi-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  capiDatasets,
  capiEvents,
  conversations,
  conversationSources,
  numbers,
  orders,
} from '../src/db/schema/index.ts';
import { parseSecretKey, sealSecret } from '../src/lib/secret-box.ts';
import { queueCapiEvent } from '../src/modules/meta-capi/capi-repository.ts';
import { waitFor } from './helpers/engine-harness.ts';
import { JOBS_TAKEOVER_SECONDS_IN_TESTS } from './helpers/kill-rig.ts';
import { registerOver, seedShop } from './helpers/engine-server-process.ts';
import { freePort, type ServerProcess, startServerProcess } from './helpers/server-process.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './helpers/test-database.ts';

describe.runIf(testDatabaseKind() === 'postgres')('Conversions API under a kill -9 (PostgreSQL)', () => {
  let database: TestDatabase;
  let databaseUrl: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let metaA: CapiStandin;
  let metaB: CapiStandin;
  let boss: PgBoss | undefined;
  const key = randomBytes(32).toString('hex');

  beforeAll(async () => {
    database = await createTestDatabase();
    databaseUrl = (database.pool!.options as { connectionString: string }).connectionString;
    [metaA, metaB] = await Promise.all([startCapiStandin({ nodeEnv: 'test' }), startCapiStandin({ nodeEnv: 'test' })]);
    const [portA, portB] = [await freePort(), await freePort()];
    const env = (meta: CapiStandin, port: number) => ({
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      META_CAPI_BASE_URL: meta.origin,
      META_TOKEN_ENCRYPTION_KEY: key,
      JOBS_TAKEOVER_SECONDS: JOBS_TAKEOVER_SECONDS_IN_TESTS,
    });
    [a, b] = await Promise.all([startServerProcess(env(metaA, portA)), startServerProcess(env(metaB, portB))]);
  }, 200_000);

  afterAll(async () => {
    await boss?.stop({ graceful: false, close: true }).catch(() => {});
    await Promise.all([a?.stop(), b?.stop()]);
    await Promise.all([metaA?.close(), metaB?.close()]);
    await database?.dispose();
  }, 60_000);

  it('the Purchase ends sent, and Meta counts it once', async () => {
    const db = database.db;
    const owner = await registerOver(a.url);
    const shop = await seedShop(db, 0, owner);
    await db
      .update(numbers)
      .set({ provider: 'cloud', cloudWabaId: '102290129340398', cloudPhoneNumberId: `10${shop.phone}` })
      .where(eq(numbers.id, shop.numberId));
    const [conv] = await db
      .insert(conversations)
      .values({
        userId: owner.userId,
        numberId: shop.numberId,
        contactJid: '5511933330001@s.whatsapp.net',
        contactPhone: '5511933330001',
        contactName: 'Bia',
      })
      .returning();
    await db.insert(conversationSources).values({
      userId: owner.userId,
      conversationId: conv!.id,
      kind: 'ad',
      reliability: 'meta',
      sourceKey: '120210000000000001',
      headline: 'Bolo no pote',
      ctwaClid: 'ARAkLkA8rmlFeiCktEJQ',
    });
    await db.insert(capiDatasets).values({
      userId: owner.userId,
      datasetId: '1234567890123',
      tokenSealed: sealSecret(parseSecretKey(key), 'EAAGm0PX4ZCpsBAKillTest'),
    });
    const [order] = await db
      .insert(orders)
      .values({
        userId: owner.userId,
        convId: conv!.id,
        source: 'ai',
        originKey: `kill:${conv!.id}`,
        description: 'Bolo no pote',
        totalCents: 4550,
        status: 'paid',
        paidAt: new Date(),
      })
      .returning();
    const rowId = await queueCapiEvent(db, {
      userId: owner.userId,
      convId: conv!.id,
      orderId: order!.id,
      eventName: 'Purchase',
      eventId: `purchase:${order!.id}`,
      eventTime: new Date(),
    });
    expect(rowId).not.toBeNull();

    // Meta takes the event and holds the answer; the holder is killed before it hears it.
    metaA.hold(true);
    metaB.hold(true);
    boss = new PgBoss({ connectionString: databaseUrl, supervise: false, schedule: false, migrate: false, max: 2 });
    await boss.start();
    await boss.send('capi.send', { eventRowId: rowId }, { singletonKey: rowId! });
    const got = (meta: CapiStandin) => meta.received().filter((r) => r.event.event_id === `purchase:${order!.id}`);
    await waitFor(() => got(metaA).length + got(metaB).length > 0, 'the Purchase reached Meta', 60_000);
    const [victim, survivorMeta, victimMeta] = got(metaA).length ? [a, metaB, metaA] : [b, metaA, metaB];
    victim.child.kill('SIGKILL');
    await victim.exited;
    victimMeta.release();
    survivorMeta.hold(false);
    survivorMeta.release();

    // The other process sends it again once the job's expiry (JOBS_TAKEOVER_SECONDS) and the lease lapse.
    await waitFor(
      async () => (await db.select().from(capiEvents).where(eq(capiEvents.id, rowId!)))[0]?.state === 'sent',
      'the event sent by the other process',
      280_000,
    );
    const all = [...got(metaA), ...got(metaB)];
    expect(all.length).toBeGreaterThanOrEqual(1);
    expect(all.length).toBeLessThanOrEqual(2);
    expect(got(survivorMeta)).toHaveLength(1);
    // What Meta counts: one Purchase for the order (the same event_id de-duplicated).
    expect(new Set(all.map((r) => `${String(r.event.event_name)}|${String(r.event.event_id)}`)).size).toBe(1);
    expect(all[0]!.event).toMatchObject({ event_name: 'Purchase', custom_data: { value: 45.5, currency: 'BRL' } });
  }, 400_000);
});
