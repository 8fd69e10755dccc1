/**
 * Whom the AI answers (docs/decisions/015-handoff.md), through the HTTP routes and the
 * simulator: per number 'só contatos novos' (contacts whose first message arrives after the number was
 * connected), per contact 'nunca responder' (kept per account, so it survives a new conversation).
 * Runs on PGlite and on PostgreSQL (TEST_DB=postgres).
 */
import { AI_AUDIENCE_INVALID, NEVER_ANSWER_INVALID, NEVER_ANSWER_LOCKED } from '@vendai/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, numbers } from '../src/db/schema/index.ts';
import { customerSays, openShop, postWebhook, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { SHOP_KINDS } from './helpers/cloud-shop.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';

const e = useEngineApp();

const db = () => e.t.database.db;
const convOf = async (shop: Shop, phone: string) =>
  (await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id))).find(
    (c) => c.contactPhone === phone,
  );
const toCustomer = async (shop: Shop, phone: string) =>
  (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(phone));
/** A message the contact sent before the number was connected, delivered now by history sync. */
async function historyMessage(shop: Shop, phone: string, text: string, agoMs: number) {
  await postWebhook(e, shop, 'messages.upsert', {
    key: { remoteJid: `${phone}@s.whatsapp.net`, fromMe: false, id: `HIST${phone}${Date.now()}` },
    pushName: 'Cliente antigo',
    message: { conversation: text },
    messageType: 'conversation',
    messageTimestamp: Math.floor((Date.now() - agoMs) / 1000),
  });
  await waitFor(async () => Boolean(await convOf(shop, phone)), 'history message stored');
  return (await convOf(shop, phone))!;
}
const HOUR = 3600_000;

// QR only: old contacts arrive by Evolution's history sync (a Cloud number has none to replay).
describe("'só contatos novos'", () => {
  it('ignores old contacts (met before and after the choice) and answers a new one', async () => {
    const shop = await openShop(e);
    await db()
      .update(numbers)
      .set({ connectedAt: new Date(Date.now() - HOUR) })
      .where(eq(numbers.id, shop.number.id));
    // An old contact met while the number answered everyone: AI on until the owner chooses 'só contatos novos'.
    expect((await historyMessage(shop, '5511955550001', 'Oi, tudo bem?', 2 * HOUR)).agenteAtivo).toBe(true);

    const set = await shop.client.request({
      method: 'PATCH',
      url: `/api/numbers/${shop.number.id}`,
      payload: { ai_audience: 'new' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().ai_audience).toBe('new');
    expect((await convOf(shop, '5511955550001'))!.agenteAtivo).toBe(false);
    // An old contact first seen after the choice (history sync): its conversation starts with the AI off.
    expect((await historyMessage(shop, '5511955550002', 'Bom dia', 3 * HOUR)).agenteAtivo).toBe(false);

    await customerSays(e, shop, 'Ainda vendem bolo?', { phone: '5511955550001', name: 'Ana' });
    await customerSays(e, shop, 'Tem entrega hoje?', { phone: '5511955550002', name: 'Beto' });
    await customerSays(e, shop, 'Oi! Vi o anúncio de vocês', { phone: '5511955550003', name: 'Caio' });
    await waitFor(async () => (await toCustomer(shop, '5511955550003')).length === 1, 'new contact answered');
    await waitEngineIdle(e, shop);
    expect(await toCustomer(shop, '5511955550001')).toHaveLength(0);
    expect(await toCustomer(shop, '5511955550002')).toHaveLength(0);
    expect((await convOf(shop, '5511955550003'))!.agenteAtivo).toBe(true);
  });
});

describe.each(SHOP_KINDS)("'nunca responder' (%s number)", (kind) => {
  it('holds across a new conversation with the same contact; the AI switch cannot undo it', async () => {
    const shop = await openShop(e, { kind });
    const phone = '5511944440001';
    await customerSays(e, shop, 'Oi, é a sua irmã', { phone, name: 'Fabi' });
    await waitFor(async () => (await toCustomer(shop, phone)).length === 1, 'first answer');
    const conv = (await convOf(shop, phone))!;

    const set = await shop.client.request({
      method: 'PUT',
      url: `/api/conversations/${conv.id}/never-answer`,
      payload: { never_answer: true },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ neverAnswer: true, agenteAtivo: false, aiResumesAt: null });
    const on = await shop.client.request({
      method: 'PATCH',
      url: `/api/conversations/${conv.id}`,
      payload: { agente_ativo: true },
    });
    expect(on.statusCode).toBe(400);
    expect(on.json().error.message).toBe(NEVER_ANSWER_LOCKED);

    await customerSays(e, shop, 'Vem jantar hoje?', { phone, name: 'Fabi' });
    await waitEngineIdle(e, shop);
    expect(await toCustomer(shop, phone)).toHaveLength(1);

    // A new conversation with the same contact (the old one deleted): still never answered.
    await db().delete(conversations).where(eq(conversations.id, conv.id));
    await customerSays(e, shop, 'Oi de novo!', { phone, name: 'Fabi' });
    await waitFor(async () => Boolean(await convOf(shop, phone)), 'new conversation');
    const again = (await convOf(shop, phone))!;
    expect(again.id).not.toBe(conv.id);
    expect([again.agenteAtivo, again.neverAnswer]).toEqual([false, true]);
    await waitEngineIdle(e, shop);
    expect(await toCustomer(shop, phone)).toHaveLength(1);

    // Cleared: the AI stays off until the owner switches it on; then the next message is answered.
    const clear = await shop.client.request({
      method: 'PUT',
      url: `/api/conversations/${again.id}/never-answer`,
      payload: { never_answer: false },
    });
    expect(clear.json()).toMatchObject({ neverAnswer: false, agenteAtivo: false });
    const back = await shop.client.request({
      method: 'PATCH',
      url: `/api/conversations/${again.id}`,
      payload: { agente_ativo: true },
    });
    expect(back.statusCode).toBe(200);
    await customerSays(e, shop, 'E amanhã?', { phone, name: 'Fabi' });
    await waitFor(async () => (await toCustomer(shop, phone)).length === 2, 'answered once cleared');
  });
});

describe('the routes', () => {
  it("reject another user's number or conversation (404) and bad input (400, in Portuguese)", async () => {
    const owner = await openShop(e);
    const other = await openShop(e);
    await customerSays(e, owner, 'Olá', { phone: '5511933330001', name: 'Gil' });
    await waitFor(async () => Boolean(await convOf(owner, '5511933330001')), 'conversation');
    const conv = (await convOf(owner, '5511933330001'))!;

    const theirs = await other.client.request({
      method: 'PATCH',
      url: `/api/numbers/${owner.number.id}`,
      payload: { ai_audience: 'new' },
    });
    expect(theirs.statusCode).toBe(404);
    const theirConv = await other.client.request({
      method: 'PUT',
      url: `/api/conversations/${conv.id}/never-answer`,
      payload: { never_answer: true },
    });
    expect(theirConv.statusCode).toBe(404);
    const unknown = await owner.client.request({
      method: 'PUT',
      url: '/api/conversations/nao-e-um-id/never-answer',
      payload: { never_answer: true },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await convOf(owner, '5511933330001'))!.neverAnswer).toBe(false);
    expect((await db().select().from(numbers).where(eq(numbers.id, owner.number.id)))[0]!.aiAudience).toBe('all');

    const badAudience = await owner.client.request({
      method: 'PATCH',
      url: `/api/numbers/${owner.number.id}`,
      payload: { ai_audience: 'amigos' },
    });
    expect(badAudience.statusCode).toBe(400);
    expect(badAudience.json().error.message).toBe(AI_AUDIENCE_INVALID);
    const badSwitch = await owner.client.request({
      method: 'PUT',
      url: `/api/conversations/${conv.id}/never-answer`,
      payload: { never_answer: 'sim' },
    });
    expect(badSwitch.statusCode).toBe(400);
    expect(badSwitch.json().error.message).toBe(NEVER_ANSWER_INVALID);
  });
});
