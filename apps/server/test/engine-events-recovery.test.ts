/**
 * An answer's events survive the process that fixed it (docs/decisions/060-events-features-listen.md):
 * the statement that fixes the answer stores the events to queue on its burst (`reply_bursts.events`),
 * so a process killed after that statement and before the `engine.events` job was queued leaves them
 * to the recovery, which queues them when it takes the burst over — unless a job with their key exists
 * already (queued, or run), so nothing is delivered twice. On PGlite and PostgreSQL, with the fake AI.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, replyBursts } from '../src/db/schema/index.ts';
import { resultRows } from '../src/db/rows.ts';
import { engineEventsJob } from '../src/domain/engine-events/event-job.ts';
import { formatStructuredReply } from '../src/domain/ai-reply/structured-reply.ts';
import { customerSays, openShop, type Shop, waitFor } from './helpers/engine-harness.ts';
import { abandonedBurst, hear, partInFlight, useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';

const e = useEngineApp({ ENGINE_LEASE_SECONDS: '3' });
const db = () => e.t.database.db;

/** The engine.events jobs with this key, in any state. */
async function jobsWithKey(key: string): Promise<number> {
  const [row] = resultRows<{ n: number }>(
    await db().execute(
      sql`select count(*)::int as n from pgboss.job where name = ${engineEventsJob.id} and singleton_key = ${key}`,
    ),
  );
  return row!.n;
}

/** A customer answered once (their conversation exists); its id. */
async function answeredCustomer(shop: Shop, phone: string): Promise<string> {
  await customerSays(e, shop, 'Oi', { phone, name: 'Cliente' });
  await waitEngineIdle(e, shop);
  const [conv] = await db()
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.contactPhone, phone));
  return conv!.id;
}

/**
 * The burst a process left when it died right after fixing the answer: 'sending', its first part stored
 * and in flight, the events it was about to queue stored with it, its claim lapsed.
 */
async function abandonedAfterFix(shop: Shop, convId: string, key: string, text: string) {
  const msg = await partInFlight(e, shop, convId, text);
  const events = { key, events: [{ name: 'lead.hot', payload: { userId: shop.userId, convId } }] };
  return abandonedBurst(e, shop, convId, { messageId: msg.id, parts: [text], events });
}

const burstState = async (id: string) =>
  (await db().select({ state: replyBursts.state }).from(replyBursts).where(eq(replyBursts.id, id)))[0]?.state;

describe("an answer's events and a process that dies before queueing them", () => {
  it('the fix stores the events to queue on the burst (none for an ordinary answer), and they are delivered once', async () => {
    const heard = hear(e, 'lead.hot');
    const shop = await openShop(e);
    e.llm.respond = async () => ({
      content: formatStructuredReply({
        reply: 'Temos sim! Quer fechar?',
        handoff: null,
        needsOwner: null,
        hotLead: true,
      }),
    });
    await customerSays(e, shop, 'Quero comprar agora', { phone: '5511955550001', name: 'Ana' });
    await waitFor(() => heard.length === 1, 'the hot lead heard');
    await waitEngineIdle(e, shop);
    const [hot] = await db()
      .select({ id: replyBursts.id, events: replyBursts.events })
      .from(replyBursts)
      .where(eq(replyBursts.userId, shop.userId));
    expect(hot!.events?.key).toMatch(/^answer:/);
    expect(hot!.events?.events.map((x) => x.name)).toEqual(['lead.hot']);
    expect(await jobsWithKey(hot!.events!.key)).toBe(1);

    e.llm.respond = async (_c, n) => ({ content: `Resposta comum ${n}` });
    await customerSays(e, shop, 'Obrigado', { phone: '5511955550002', name: 'Bia' });
    await waitEngineIdle(e, shop);
    const plain = (await db().select().from(replyBursts).where(eq(replyBursts.userId, shop.userId))).filter(
      (b) => b.id !== hot!.id,
    );
    expect(plain).toHaveLength(1);
    expect(plain[0]!.events).toBeNull();
    expect(heard).toHaveLength(1);
  });

  it('killed after the fix, before the job: the recovery queues the stored events, and they are delivered once the part went out', async () => {
    const heard = hear(e, 'lead.hot');
    const shop = await openShop(e);
    const convId = await answeredCustomer(shop, '5511955550003');
    const key = `answer:${randomUUID()}:1`;
    const burst = await abandonedAfterFix(shop, convId, key, 'Posso separar para você?');
    await waitFor(
      async () => (await burstState(burst.id)) === 'done',
      'the abandoned burst taken over and sent',
      20_000,
    );
    await waitFor(() => heard.some((h) => h.convId === convId), 'the stored hot lead delivered', 20_000);
    expect(await jobsWithKey(key)).toBe(1);
    expect(heard.filter((h) => h.convId === convId)).toHaveLength(1);
  });

  it('killed during the send, after the job: the recovery queues nothing more, the events are delivered once', async () => {
    const heard = hear(e, 'lead.hot');
    const shop = await openShop(e);
    const convId = await answeredCustomer(shop, '5511955550004');
    const key = `answer:${randomUUID()}:1`;
    const burst = await abandonedAfterFix(shop, convId, key, 'Separei para você.');
    // The job its process had queued before dying (it waits for the burst's first part).
    await e.t.app.deps.jobs.send(
      engineEventsJob,
      { events: [{ name: 'lead.hot', payload: { userId: shop.userId, convId } }], afterBurst: burst.id },
      { singletonKey: key },
    );
    await waitFor(
      async () => (await burstState(burst.id)) === 'done',
      'the abandoned burst taken over and sent',
      20_000,
    );
    await waitFor(() => heard.some((h) => h.convId === convId), 'the hot lead delivered', 20_000);
    expect(await jobsWithKey(key)).toBe(1);
    expect(heard.filter((h) => h.convId === convId)).toHaveLength(1);
  });
});
