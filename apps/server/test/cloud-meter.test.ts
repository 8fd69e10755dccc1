/**
 * The Cloud meter and the one-message option (docs/decisions/064-cloud-meter-and-one-balloon.md). Meta bills each
 * message it delivers by category (https://developers.facebook.com/documentation/business-messaging/whatsapp/pricing;
 * free text since 1 October 2026 at the utility rate) and says how it priced one in the status webhook's `pricing`
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status/,
 * the fixture fixtures/meta-cloud/status-webhooks.json `sentMarketingPriced` / `deliveredServiceFree`).
 * A send Meta accepted is counted at once with VendAI's reading; Meta's pricing, when its webhook comes,
 * replaces it; each message counts once whatever the number of statuses. GET /api/numbers/cloud-meter gives
 * the month per Cloud number with an estimate in reais. 'Uma mensagem só' on a Cloud number sends the AI's
 * answer as one message; a QR number refuses the option.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cloudMessageMeter } from '../src/db/schema/index.ts';
import { BRL_PER_USD, USD_PER_MESSAGE_BRAZIL } from '../src/domain/usage/cloud-prices.ts';
import { customerSays, openShop, type Shop, waitFor } from './helpers/engine-harness.ts';
import { cloudSentToCustomers, postMetaWebhook } from './helpers/cloud-shop.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { metaFixture } from './helpers/meta-fixtures.ts';
import type { CloudMeter } from '@vendai/contracts';

type Json = Record<string, unknown>;
const e = useEngineApp();
let shop: Shop;
beforeAll(async () => {
  shop = await openShop(e, { kind: 'cloud' });
});

const meterRows = () =>
  e.t.database.db.select().from(cloudMessageMeter).where(eq(cloudMessageMeter.numberId, shop.number.id));

async function meterOf(s: Shop, query = '') {
  const res = await s.client.get(`/api/numbers/cloud-meter${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as CloudMeter;
}

const patchNumber = (s: Shop, payload: Json) =>
  s.client.request({ method: 'PATCH', url: `/api/numbers/${s.number.id}`, payload });

/** The fixture's status (Meta's documented shape) for one of the number's messages, now. */
function fixtureStatus(name: 'sentMarketingPriced' | 'deliveredServiceFree', id: string): Json {
  const webhook = metaFixture('status-webhooks')[name] as { entry: { changes: { value: Json }[] }[] };
  const status = (webhook.entry[0]!.changes[0]!.value.statuses as Json[])[0]!;
  return { statuses: [{ ...status, id, timestamp: String(Math.floor(Date.now() / 1000)) }] };
}

describe('the Cloud meter', () => {
  it("counts the AI's answer when Meta accepts it, then as Meta priced it; a month's figures and estimate", async () => {
    await customerSays(e, shop, 'Oi, vocês entregam hoje?', { phone: '5511966660001', name: 'Ana' });
    await waitEngineIdle(e, shop, 20_000);
    const [sent] = await cloudSentToCustomers(e, shop);
    // The stand-in's 'sent' status carries Meta's pricing: free text is 'service', charged since October 2026.
    await waitFor(
      async () => (await meterRows()).some((r) => r.externalId === sent!.id && r.pricedBy === 'meta'),
      "Meta's pricing of the answer",
    );
    const [row] = (await meterRows()).filter((r) => r.externalId === sent!.id);
    expect(row).toMatchObject({ category: 'service', billable: true, userId: shop.userId });

    const meter = await meterOf(shop);
    expect(meter.month).toMatch(/^\d{4}-\d{2}$/);
    expect(meter.numbers).toHaveLength(1);
    const mine = meter.numbers[0]!;
    expect(mine).toMatchObject({ number_id: shop.number.id, billable_total: 1, priced_by_meta: 1 });
    expect(mine.sent).toEqual({ service: 1, utility: 0, marketing: 0, authentication: 0 });
    expect(mine.estimate_brl).toBe(Math.round(USD_PER_MESSAGE_BRAZIL.service * BRL_PER_USD * 100) / 100);

    // Another month has nothing; a malformed month is refused in Portuguese.
    const before = await meterOf(shop, '?month=2026-01');
    expect(before.numbers[0]!.sent.service).toBe(0);
    const bad = await shop.client.get('/api/numbers/cloud-meter?month=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Mês inválido');
  });

  it("takes Meta's pricing from the status webhook once per message: marketing charged, a free service message not", async () => {
    const marketingId = `wamid.meter-mkt-${Date.now()}`;
    const freeId = `wamid.meter-free-${Date.now()}`;
    const start = (await meterOf(shop)).numbers[0]!;

    await postMetaWebhook(e, shop, fixtureStatus('sentMarketingPriced', marketingId));
    // The same message's next status carries the same pricing: it is not counted again.
    const delivered = fixtureStatus('sentMarketingPriced', marketingId);
    ((delivered.statuses as Json[])[0] as Json).status = 'delivered';
    await postMetaWebhook(e, shop, delivered);
    await postMetaWebhook(e, shop, fixtureStatus('deliveredServiceFree', freeId));
    await waitFor(
      async () => (await meterRows()).filter((r) => [marketingId, freeId].includes(r.externalId)).length === 2,
      'both statuses metered',
    );

    const now = (await meterOf(shop)).numbers[0]!;
    expect(now.sent.marketing - start.sent.marketing).toBe(1);
    expect(now.billable.marketing - start.billable.marketing).toBe(1);
    expect(now.sent.service - start.sent.service).toBe(1);
    expect(now.billable.service - start.billable.service).toBe(0);
    expect(now.estimate_brl).toBeGreaterThan(start.estimate_brl);
  });

  it("shows only the account's own Cloud numbers and is the owner's to read", async () => {
    const qr = await openShop(e);
    const other = await meterOf(qr);
    expect(other.numbers).toEqual([]);
    const anonymous = await e.t.client().get('/api/numbers/cloud-meter');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("'Uma mensagem só' on a Cloud number", () => {
  const paragraphs = [1, 2, 3].map((i) => `Parte ${i}: ${'detalhe do pedido '.repeat(36)}`.trim());

  it('sends the whole answer as one message while chosen, split again when not; a QR number refuses it', async () => {
    const qr = await openShop(e);
    const refused = await patchNumber(qr, { one_balloon: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('API oficial');

    const on = await patchNumber(shop, { one_balloon: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().one_balloon).toBe(true);
    const listed = (await shop.client.get('/api/numbers')).json() as { id: string; one_balloon: boolean }[];
    expect(listed.find((n) => n.id === shop.number.id)?.one_balloon).toBe(true);

    e.llm.respond = async () => ({ content: paragraphs.join('\n\n') });
    try {
      const one = '5511966660002';
      await customerSays(e, shop, 'Me explica a entrega?', { phone: one, name: 'Bia' });
      await waitEngineIdle(e, shop, 30_000);
      const toOne = (await cloudSentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(one));
      expect(toOne.map((m) => m.text)).toEqual([paragraphs.join('\n\n')]);

      const off = await patchNumber(shop, { one_balloon: false });
      expect(off.json().one_balloon).toBe(false);
      const many = '5511966660003';
      await customerSays(e, shop, 'Me explica a entrega?', { phone: many, name: 'Caio' });
      await waitFor(
        async () => (await cloudSentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(many)).length === 3,
        'three parts',
        30_000,
      );
      await waitEngineIdle(e, shop, 30_000);
      const toMany = (await cloudSentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(many));
      expect(toMany.map((m) => m.text)).toEqual(paragraphs);
    } finally {
      e.llm.respond = async (_c, n) => ({ content: `Resposta da IA ${n}` });
    }
    // Every message Meta accepted is on the meter: one for the single answer, three for the split one.
    // (earlier in this file: the first answer and the two statuses posted by hand).
    await waitFor(async () => (await meterRows()).length === 1 + 2 + 1 + 3, 'the meter has every send');
  });
});
