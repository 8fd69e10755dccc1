/**
 * Stored gateway webhooks (modules/privacy/webhook-retention.ts, decision 031): processed bodies drop
 * their inline base64; processed events older than WEBHOOK_EVENTS_RETENTION_DAYS are deleted by the
 * daily job, in batches, never an unprocessed one; both statements are served by an index.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/config/env.ts';
import { gatewayEvents, numbers } from '../src/db/schema/index.ts';
import { resultRows } from '../src/db/rows.ts';
import { webhookRetentionJobType } from '../src/modules/privacy/retention-jobs.ts';
import { deleteOldWebhookEvents, stripProcessedWebhookMedia } from '../src/modules/privacy/webhook-retention.ts';
import { createTestApp, TEST_APP_URL, type TestApp } from './helpers/test-app.ts';
import { signedIn } from './training-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_EVENTS_RETENTION_DAYS: '10' } });
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 3600 * 1000;

async function number(phone: string) {
  const { userId } = await signedIn(t);
  const [row] = await t.database.db
    .insert(numbers)
    .values({ userId, token: `tok-${phone}`, phone, instanceName: `wr-${phone}` })
    .returning();
  return row!;
}

const upsert = (id: string, base64?: string) => ({
  event: 'messages.upsert',
  data: { key: { id }, message: { imageMessage: { mimetype: 'image/jpeg' }, ...(base64 ? { base64 } : {}) } },
});

/** The plan of a statement with sequential scans off: the index is used when its predicate matches. */
async function planOf(statement: ReturnType<typeof sql>): Promise<string> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = resultRows<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${statement}`));
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('webhook retention', () => {
  it('drops the inline base64 of processed webhook bodies only', async () => {
    const n = await number('5511911120001');
    const [done, pending] = await t.database.db
      .insert(gatewayEvents)
      .values([
        {
          numberId: n.id,
          event: 'messages.upsert',
          eventKey: 'm1',
          payload: upsert('m1', 'AAAA'),
          processedAt: new Date(),
        },
        { numberId: n.id, event: 'messages.upsert', eventKey: 'm2', payload: upsert('m2', 'AAAA') },
      ])
      .returning();
    expect(await stripProcessedWebhookMedia(t.database.db)).toBeGreaterThanOrEqual(1);
    const [doneRow] = await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.id, done!.id));
    const [pendingRow] = await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.id, pending!.id));
    expect(doneRow!.payload).toEqual(upsert('m1'));
    expect(pendingRow!.payload).toEqual(upsert('m2', 'AAAA'));
    expect(await stripProcessedWebhookMedia(t.database.db)).toBe(0);
  });

  it('finds the bodies to strip and the events to delete through an index, not a scan of the table', async () => {
    // Many processed bodies without media, as in a real table: the strip's own small index must win.
    const n = await number('5511911120004');
    const plain = Array.from({ length: 300 }, (_, i) => ({
      numberId: n.id,
      event: 'messages.upsert',
      eventKey: `p-${i}`,
      payload: upsert(`p-${i}`),
      processedAt: new Date(),
    }));
    await t.database.db.insert(gatewayEvents).values(plain);
    await t.database.db.execute(sql`analyze gateway_events`);
    const strip = await planOf(sql`
      select id from gateway_events
      where (payload -> 'data' -> 'message' ->> 'base64') is not null and processed_at is not null limit 500`);
    expect(strip).toContain('gateway_events_inline_media_idx');
    const old = await planOf(sql`
      select id from gateway_events
      where processed_at is not null and received_at < now() - interval '30 days' order by received_at limit 1000`);
    expect(old).toContain('gateway_events_processed_idx');
  });

  it('deletes processed events past the period in batches, keeping unprocessed and recent ones', async () => {
    const n = await number('5511911120002');
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() - days * DAY);
    const row = (key: string, receivedDaysAgo: number, processed: boolean) => ({
      numberId: n.id,
      event: 'messages.upsert',
      eventKey: key,
      payload: upsert(key),
      receivedAt: at(receivedDaysAgo),
      processedAt: processed ? at(receivedDaysAgo) : null,
    });
    await t.database.db
      .insert(gatewayEvents)
      .values([
        ...[40, 35, 31, 31, 30.5].map((d, i) => row(`old-${i}`, d, true)),
        row('old-pending', 45, false),
        row('recent', 29, true),
        row('recent-pending', 1, false),
      ]);

    const deleted = await deleteOldWebhookEvents(t.database.db, { now, retentionDays: 30, batch: 2 });
    expect(deleted).toBe(5);
    const left = await t.database.db
      .select({ key: gatewayEvents.eventKey })
      .from(gatewayEvents)
      .where(eq(gatewayEvents.numberId, n.id));
    expect(left.map((r) => r.key).sort()).toEqual(['old-pending', 'recent', 'recent-pending']);
    expect(await deleteOldWebhookEvents(t.database.db, { now, retentionDays: 30 })).toBe(0);
  });

  it('runs as the daily job with WEBHOOK_EVENTS_RETENTION_DAYS', async () => {
    const n = await number('5511911120003');
    const at = (days: number) => new Date(Date.now() - days * DAY);
    await t.database.db.insert(gatewayEvents).values([
      {
        numberId: n.id,
        event: 'messages.upsert',
        eventKey: 'j-old',
        payload: upsert('j-old'),
        receivedAt: at(11),
        processedAt: at(11),
      },
      {
        numberId: n.id,
        event: 'messages.upsert',
        eventKey: 'j-new',
        payload: upsert('j-new'),
        receivedAt: at(9),
        processedAt: at(9),
      },
    ]);
    await t.app.deps.jobs.send(webhookRetentionJobType, {});
    const keys = async () =>
      (
        await t.database.db
          .select({ key: gatewayEvents.eventKey })
          .from(gatewayEvents)
          .where(eq(gatewayEvents.numberId, n.id))
      ).map((r) => r.key);
    await expect.poll(keys, { timeout: 15_000 }).toEqual(['j-new']);
  });

  it('keeps at least 7 days (the gateways retry a webhook for up to 7) and 30 by default', () => {
    const base = { NODE_ENV: 'test', APP_URL: TEST_APP_URL, AUTH_SECRET: 'segredo-de-teste-da-retencao-0123456789' };
    expect(loadEnv(base).WEBHOOK_EVENTS_RETENTION_DAYS).toBe(30);
    expect(() => loadEnv({ ...base, WEBHOOK_EVENTS_RETENTION_DAYS: '3' })).toThrow(/WEBHOOK_EVENTS_RETENTION_DAYS/);
  });
});
