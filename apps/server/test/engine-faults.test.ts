/**
 * docs/decisions/005-conversation-engine.md, shown end to end: a fault-injecting proxy in front of the gateway (500s to
 * half the sends, connections cut after the gateway accepted, timeouts) and a fake AI that answers
 * 500 or too late. Every burst ends with exactly one copy at the gateway, or none and a visible failure
 * in the inbox; no customer message is lost; the echo of a cut send is never shown as the owner's.
 * Bounded (30 customers, seeded faults), loopback only, on PGlite and PostgreSQL.
 * QR numbers only: the faults are injected by a proxy in front of Evolution's HTTP API; a Cloud
 * number's refusals, back-offs and unknown outcomes are in cloud-client.test.ts and cloud-pacing.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages, replyBursts } from '../src/db/schema/index.ts';
import { createEvolutionClient } from '../src/integrations/gateway/evolution-client.ts';
import { simulatorApiKey } from '../src/simulator/simulator-config.ts';
import {
  type EngineApp,
  freePort,
  openShop,
  postWebhook,
  sleep,
  startEngineApp,
  waitFor,
} from './helpers/engine-harness.ts';
import { type Fault, type FaultProxy, seeded, startFaultProxy } from './helpers/fault-proxy.ts';
import { fixtures } from './fixtures/engine-webhooks.ts';

let e: EngineApp;
let proxy: FaultProxy;
let faultsOn = false;
const random = seeded(13); // gateway faults
const aiRandom = seeded(7); // AI faults

beforeAll(async () => {
  const port = await freePort();
  proxy = await startFaultProxy(`http://127.0.0.1:${port}/simulator/api`, (): Fault => {
    if (!faultsOn) return 'pass';
    const r = random();
    return r < 0.5 ? 'refuse' : r < 0.65 ? 'cut' : r < 0.75 ? 'timeout' : 'pass';
  });
  e = await startEngineApp(
    { AI_TIMEOUT_MS: '6000', ENGINE_RETRY_BASE_MS: '40' },
    {
      port,
      gateway: (env) =>
        createEvolutionClient({
          kind: 'simulator',
          baseUrl: proxy.url,
          apiKey: simulatorApiKey(env),
          timeoutMs: 2_000,
        }),
    },
  );
});
afterAll(async () => {
  await e?.close();
  await proxy?.close();
});

describe('fault tolerance', () => {
  it(
    'answers each burst once or shows the failure, never sends twice, loses nothing',
    { timeout: 150_000 },
    async () => {
      const shop = await openShop(e);
      const db = e.t.database.db;
      e.llm.respond = async (_call, n) => {
        const r = aiRandom();
        if (r < 0.2) return { status: 500 };
        if (r < 0.27) await sleep(7_000); // past AI_TIMEOUT_MS: the client gives up on this attempt
        return { content: `Resposta da IA ${n}` };
      };
      faultsOn = true;
      const customers = Array.from({ length: 30 }, (_, i) => `55119${String(60000000 + i)}@s.whatsapp.net`);
      try {
        await Promise.all(
          customers.map((jid, i) =>
            postWebhook(
              e,
              shop,
              'messages.upsert',
              fixtures.text(`Pergunta do cliente ${i}`, { key: { remoteJid: jid } }),
            ),
          ),
        );
        await waitFor(
          async () => {
            const bursts = await db.select().from(replyBursts).where(eq(replyBursts.userId, shop.userId));
            const pending = await db.execute(
              sql`select 1 from messages where user_id = ${shop.userId} and status = 'pending'`,
            );
            return (
              bursts.length === 30 &&
              bursts.every((b) => ['done', 'failed', 'cancelled'].includes(b.state)) &&
              (pending as unknown as { rows: unknown[] }).rows.length === 0
            );
          },
          'every burst finished',
          100_000,
        );
        // Late echoes land: every copy the gateway holds ends up linked to its stored row.
        await waitFor(
          async () => {
            const unlinked = await db.execute(sql`
            select 1 from sim_messages m join sim_instances i on i.id = m.instance_id
            where i.name = ${shop.number.instanceName} and m.from_me
              and not exists (select 1 from messages x where x.user_id = ${shop.userId} and x.external_id = m.key_id)`);
            return (unlinked as unknown as { rows: unknown[] }).rows.length === 0;
          },
          'every copy at the gateway linked to its message',
          20_000,
        );
      } finally {
        faultsOn = false;
        e.llm.respond = async (_c, n) => ({ content: `Resposta da IA ${n}` });
      }
      expect(proxy.counts.refuse + proxy.counts.cut + proxy.counts.timeout).toBeGreaterThan(5);

      const copies = new Map<string, { keyId: string; text: string }[]>();
      const simRows = await db.execute(sql`
      select m.remote_jid, m.key_id, m.content->>'conversation' as text from sim_messages m join sim_instances i on i.id = m.instance_id
      where i.name = ${shop.number.instanceName} and m.from_me`);
      for (const r of (simRows as unknown as { rows: { remote_jid: string; key_id: string; text: string }[] }).rows) {
        copies.set(r.remote_jid, [...(copies.get(r.remote_jid) ?? []), { keyId: r.key_id, text: r.text }]);
      }
      let answered = 0;
      let failedVisibly = 0;
      for (const jid of customers) {
        const [conv] = await db.select().from(conversations).where(eq(conversations.contactJid, jid));
        expect(conv, jid).toBeTruthy();
        const rows = await db.select().from(messages).where(eq(messages.convId, conv!.id));
        // Nothing lost: the customer's message is there, once.
        expect(
          rows.filter((m) => m.direction === 'in'),
          jid,
        ).toHaveLength(1);
        // The echo of a send is never shown as a message of the owner.
        expect(
          rows.filter((m) => m.author === 'owner_app' || m.author === 'owner_phone'),
          jid,
        ).toEqual([]);
        const atGateway = copies.get(jid) ?? [];
        expect(atGateway.length, `${jid}: copies at the gateway`).toBeLessThanOrEqual(1);
        const aiTexts = rows.filter((m) => m.author === 'ai' && m.messageType === 'text');
        if (atGateway.length === 1) {
          answered += 1;
          expect(aiTexts, jid).toHaveLength(1);
          expect(aiTexts[0], jid).toMatchObject({ content: atGateway[0]!.text, externalId: atGateway[0]!.keyId });
          expect(['sent', 'delivered', 'read'], jid).toContain(aiTexts[0]!.status);
        } else {
          failedVisibly += 1;
          const visible = rows.filter((m) => m.author === 'ai' && m.status === 'failed' && m.error);
          expect(visible.length, `${jid}: a visible failure`).toBeGreaterThan(0);
        }
      }
      expect(answered + failedVisibly).toBe(30);
      expect(answered).toBeGreaterThan(0); // how many depends on the seeded faults and the machine's speed (AI timeouts)
    },
  );
});
