/**
 * Draft alerts to the owner's phone are grouped and capped (docs/decisions/046-one-door-out.md, "Draft
 * alerts"), end to end through the simulator: drafts written while an earlier one still waits go as one
 * alert ('3 respostas da IA aguardam sua aprovação', each conversation's link); a '1' quoting it acts on
 * none and says why, a '1' quoting a single draft's alert still sends that draft; past the hourly cap no
 * alert is written and the one that reached it says so. Runs on PGlite and PostgreSQL (TEST_DB=postgres).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentes, conversations, ownerAlerts, replyDrafts } from '../src/db/schema/index.ts';
import {
  APPROVAL_ALERTS_PER_HOUR,
  APPROVAL_CAP_NOTICE,
  APPROVAL_PROMPT,
  GROUPED_ALERT_QUOTED,
} from '../src/modules/conversation-engine/approval/draft-alert.ts';
import { WHICH_DRAFT } from '../src/modules/conversation-engine/approval/owner-replies.ts';
import { customerSays, openShop, postWebhook, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';

/** Long enough for three drafts written at once to fall in it; the test waits on the alert, not the clock. */
const e = useEngineApp({ APPROVAL_ALERT_GROUP_SECONDS: '6' });
const db = () => e.t.database.db;

/** The owner's personal number of newPerson() (+55 11 98765-4321). */
const OWNER = '5511987654321';
const customer = (i: number) => ({ phone: `55119777${String(i).padStart(5, '0')}`, name: `Cliente ${i}` });

const toOwner = async (shop: Shop) =>
  (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(OWNER)).map((m) => m.text);
const toCustomer = async (shop: Shop, phone: string) =>
  (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(phone)).map((m) => m.text);
const draftsOf = (shop: Shop) =>
  db().select().from(replyDrafts).where(eq(replyDrafts.userId, shop.userId)).orderBy(replyDrafts.createdAt);
const alertsOf = (shop: Shop) =>
  db().select().from(ownerAlerts).where(eq(ownerAlerts.userId, shop.userId)).orderBy(ownerAlerts.createdAt);

async function approvalShop(): Promise<Shop> {
  const shop = await openShop(e);
  await db().update(agentes).set({ approvalMode: true }).where(eq(agentes.id, shop.agentId));
  return shop;
}

/** The owner answers on their own WhatsApp quoting an alert (WhatsApp's reply context). */
async function ownerQuotes(shop: Shop, alertId: string, text: string) {
  let externalId: string | null = null;
  await waitFor(async () => {
    externalId = (await db().select().from(ownerAlerts).where(eq(ownerAlerts.id, alertId)))[0]?.externalId ?? null;
    return Boolean(externalId);
  }, "the alert's WhatsApp id");
  await postWebhook(e, shop, 'messages.upsert', {
    key: { remoteJid: `${OWNER}@s.whatsapp.net`, fromMe: false, id: `QUOTE${Date.now()}${Math.random()}` },
    pushName: 'Dona',
    message: { extendedTextMessage: { text, contextInfo: { stanzaId: externalId } } },
    messageType: 'extendedTextMessage',
    messageTimestamp: Math.floor(Date.now() / 1000),
  });
}

describe('draft alerts to the owner', () => {
  it('drafts written while one waits go as one alert; quoting it acts on none; the single alert still works', async () => {
    const shop = await approvalShop();
    await customerSays(e, shop, 'Oi, tem bolo de milho?', customer(1));
    await waitFor(async () => (await toOwner(shop)).length === 1, 'the first draft alerted at once');
    expect((await toOwner(shop))[0]).toContain(APPROVAL_PROMPT);

    // Three more customers while the first draft waits: one alert for the three, after the grouping time.
    await Promise.all([2, 3, 4].map((i) => customerSays(e, shop, `Bom dia, sou o cliente ${i}`, customer(i))));
    await waitFor(async () => (await draftsOf(shop)).length === 4, 'four drafts');
    await waitFor(async () => (await toOwner(shop)).length === 2, 'the grouped alert');
    await waitEngineIdle(e, shop);
    const alerts = await toOwner(shop);
    expect(alerts).toHaveLength(2);
    const grouped = alerts[1]!;
    expect(grouped).toContain('📝 3 respostas da IA aguardam sua aprovação:');
    for (const i of [2, 3, 4]) expect(grouped).toContain(`Cliente ${i}`);
    const convs = await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    for (const i of [2, 3, 4]) {
      const conv = convs.find((c) => c.contactPhone === customer(i).phone)!;
      expect(grouped).toContain(`/dashboard?conversa=${conv.id}`);
    }
    expect(grouped).not.toContain(APPROVAL_PROMPT);

    // Each grouped draft points at the grouped alert; a '1' quoting it acts on none and says how to act.
    const drafts = await draftsOf(shop);
    const groupAlertId = drafts[1]!.alertId!;
    expect(drafts.slice(1).map((d) => d.alertId)).toEqual([groupAlertId, groupAlertId, groupAlertId]);
    await ownerQuotes(shop, groupAlertId, '1');
    await waitFor(async () => (await toOwner(shop)).includes(GROUPED_ALERT_QUOTED), 'the answer to the quote');
    // Unquoted, with four waiting: VendAI asks which.
    await customerSays(e, shop, '1', { phone: OWNER, name: 'Dona' });
    await waitFor(async () => (await toOwner(shop)).includes(WHICH_DRAFT), 'which draft?');
    expect((await draftsOf(shop)).every((d) => d.state === 'pending')).toBe(true);

    // The first draft's own alert, quoted, sends it.
    await ownerQuotes(shop, drafts[0]!.alertId!, '1');
    await waitFor(async () => (await toCustomer(shop, customer(1).phone)).length === 1, 'the first answer sent');
    await waitEngineIdle(e, shop);
    for (const i of [2, 3, 4]) expect(await toCustomer(shop, customer(i).phone)).toEqual([]);
  });

  it('at most APPROVAL_ALERTS_PER_HOUR draft alerts an hour: the last one says so, then drafts wait in the inbox', async () => {
    const shop = await approvalShop();
    await customerSays(e, shop, 'Oi', customer(10));
    await waitFor(async () => (await toOwner(shop)).length === 1, 'the first alert');
    const [first] = await draftsOf(shop);
    // Earlier this hour: as many alerts as reach the cap with the next one (their drafts handled).
    await db()
      .insert(ownerAlerts)
      .values(
        Array.from({ length: APPROVAL_ALERTS_PER_HOUR - 2 }, () => ({
          userId: shop.userId,
          convId: first!.convId,
          kind: 'approval' as const,
          status: 'sent' as const,
          text: 'aviso anterior',
        })),
      );
    const discard = (d: { convId: string; id: string }) =>
      shop.client.post(`/api/conversations/${d.convId}/drafts/${d.id}/discard`);
    expect((await discard(first!)).statusCode).toBe(200);

    await customerSays(e, shop, 'Tem entrega?', customer(11));
    await waitFor(async () => (await toOwner(shop)).length === 2, 'the alert that reaches the cap');
    expect((await toOwner(shop))[1]).toContain(APPROVAL_CAP_NOTICE);
    const second = (await draftsOf(shop))[1]!;
    expect((await discard(second)).statusCode).toBe(200);

    await customerSays(e, shop, 'Alguém aí?', customer(12));
    await waitFor(async () => (await draftsOf(shop)).length === 3, 'the third draft');
    await waitEngineIdle(e, shop);
    expect(await toOwner(shop)).toHaveLength(2);
    expect((await alertsOf(shop)).filter((a) => a.kind === 'approval')).toHaveLength(APPROVAL_ALERTS_PER_HOUR);
    // The draft waits in the inbox ('Sugestão').
    const pending = (await shop.client.get('/api/conversations/pending-drafts')).json() as { convIds: string[] };
    expect(pending.convIds).toEqual([(await draftsOf(shop))[2]!.convId]);
  });
});
