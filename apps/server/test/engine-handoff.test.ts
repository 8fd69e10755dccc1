/**
 * Handoff done right (docs/decisions/015-handoff.md), end to end through the simulator:
 * a customer asks for a person → one handoff answer, Manual with the reason, one alert to the
 * owner's own WhatsApp (at most one per conversation per hour, a daily cap, on/off per kind); the AI
 * comes back by itself after the agent's quiet time, never answering what arrived meanwhile.
 * Runs on PGlite and on PostgreSQL (TEST_DB=postgres), on a QR number and on a Cloud API number (the
 * owner's alert leaves through the shop's own number either way).
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agentes,
  conversations,
  mailOutbox,
  ownerAlerts,
  profiles,
  replyBursts,
  user,
} from '../src/db/schema/index.ts';
import { resultRows } from '../src/db/rows.ts';
import { HANDOFF_ANSWER, HANDOFF_ASKED_REASON } from '../src/domain/handoff/asks-for-person.ts';
import { formatStructuredReply } from '../src/domain/ai-reply/structured-reply.ts';
import {
  customerSays,
  openShop,
  ownerWritesFromPhone,
  sentToCustomers,
  type Shop,
  waitFor,
} from './helpers/engine-harness.ts';
import { SHOP_KINDS } from './helpers/cloud-shop.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { notConfirmationMail } from './helpers/test-app.ts';

const e = useEngineApp();

const db = () => e.t.database.db;
const convOf = async (shop: Shop, phone = '5511977770000') =>
  (await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id))).find(
    (c) => c.contactPhone === phone,
  )!;
/** The owner's personal number of newPerson() (+55 11 98765-4321). */
const OWNER = '5511987654321';
const toCustomer = async (shop: Shop, phone = '5511977770000') =>
  (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(phone));
const toOwner = async (shop: Shop) => (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(OWNER));
const alertsOf = (shop: Shop) => db().select().from(ownerAlerts).where(eq(ownerAlerts.userId, shop.userId));
/**
 * Every effect of the answers so far has run: no `engine.events` job of this account (its alert listeners)
 * and no `alerts.send` job of its alerts is left to run. Both are queued before the answer is sent, so once
 * the answer reached the customer, a settled queue means any alert it was going to raise exists by now:
 * "no alert" is asserted on state, not after a sleep.
 */
const alertsSettled = async (shop: Shop) =>
  resultRows<{ n: number }>(
    await db().execute(sql`
      select count(*)::int as n from pgboss.job
      where state in ('created', 'retry', 'active')
        and ((name = 'engine.events' and data::text like ${`%${shop.userId}%`})
          or (name = 'alerts.send' and data->>'alertId' in (select id::text from owner_alerts where user_id = ${shop.userId})))`),
  )[0]!.n === 0;
const waitAlertsSettled = (shop: Shop) => waitFor(() => alertsSettled(shop), 'every alert job of this account run');
/** The quiet time is over: moves the conversation's clock instead of waiting hours. */
const quietTimeOver = (convId: string) =>
  db().execute(sql`update conversations set ai_resumes_at = now() - interval '1 second' where id = ${convId}`);

describe.each(SHOP_KINDS)('%s number', (kind) => {
  describe('customer asks for a person', () => {
    it("'quero falar com um atendente' → one handoff answer, Manual with the reason, one alert to the owner's phone; a second request within the hour → no second alert", async () => {
      const shop = await openShop(e, { kind });
      const calls = e.llm.calls.length;
      await customerSays(e, shop, 'Oi, quero falar com um atendente, por favor');
      await waitFor(async () => (await toOwner(shop)).length === 1, 'alert on the owner phone');
      expect((await toCustomer(shop)).map((m) => m.text)).toEqual([HANDOFF_ANSWER]);
      expect(e.llm.calls.length).toBe(calls); // the keyword rule: the AI was not asked
      const conv = await convOf(shop);
      expect(conv.agenteAtivo).toBe(false);
      expect(conv.handoffReason).toBe(HANDOFF_ASKED_REASON);
      // Default quiet time: 12 h.
      expect(conv.aiResumesAt!.getTime() - Date.now()).toBeGreaterThan(11.9 * 3600_000);
      const alert = (await toOwner(shop))[0]!.text;
      expect(alert.split('\n')).toHaveLength(4);
      expect(alert).toContain('Carla Dias');
      expect(alert).toContain('quer falar com uma pessoa');
      expect(alert).toContain(`/dashboard?conversa=${conv.id}`);
      await waitFor(async () => (await alertsOf(shop))[0]?.status === 'sent', 'alert listed as sent');

      // The conversation is Manual: nothing more is answered; asking again within the hour alerts no one.
      await customerSays(e, shop, 'Oi?? Tem algum humano aí?');
      await waitEngineIdle(e, shop);
      expect(await toCustomer(shop)).toHaveLength(1);
      await db()
        .update(conversations)
        .set({ agenteAtivo: true, handoffReason: null, aiResumesAt: null })
        .where(eq(conversations.id, conv.id));
      await customerSays(e, shop, 'Quero falar com alguém');
      await waitFor(async () => (await toCustomer(shop)).length === 2, 'second handoff answer');
      await waitAlertsSettled(shop);
      expect(await toOwner(shop)).toHaveLength(1);
      expect(await alertsOf(shop)).toHaveLength(1);
    });

    it("the AI's own judgement: a structured handoff flag hands over with its reason; needs_owner alerts and keeps answering", async () => {
      const shop = await openShop(e, { kind });
      e.llm.respond = async () => ({
        content: formatStructuredReply({
          reply: 'Vou pedir para alguém da equipe falar com você.',
          handoff: { reason: 'Reclamação de entrega atrasada' },
          needsOwner: null,
          hotLead: false,
        }),
      });
      try {
        await customerSays(e, shop, 'Meu pedido chegou quebrado, estou muito chateada', {
          phone: '5511977771111',
          name: 'Rita',
        });
        await waitFor(async () => (await toOwner(shop)).length === 1, 'alert');
        const conv = await convOf(shop, '5511977771111');
        expect(conv.agenteAtivo).toBe(false);
        expect(conv.handoffReason).toBe('Reclamação de entrega atrasada');
        expect((await toCustomer(shop, '5511977771111')).map((m) => m.text)).toEqual([
          'Vou pedir para alguém da equipe falar com você.',
        ]);
        // The format is asked of the model in the system message.
        expect(e.llm.calls.at(-1)!.messages[0]!.content).toContain('"handoff"');

        e.llm.respond = async () => ({
          content:
            '```json\n' +
            formatStructuredReply({
              reply: 'Vou confirmar o estoque com a equipe.',
              handoff: null,
              needsOwner: { reason: 'Estoque do tamanho 42 não está no prompt' },
              hotLead: false,
            }) +
            '\n```',
        });
        await customerSays(e, shop, 'Tem o tênis no 42?', { phone: '5511977772222', name: 'Bia' });
        await waitFor(async () => (await toOwner(shop)).length === 2, 'needs-owner alert');
        const other = await convOf(shop, '5511977772222');
        expect(other.agenteAtivo).toBe(true);
        expect((await toCustomer(shop, '5511977772222')).map((m) => m.text)).toEqual([
          'Vou confirmar o estoque com a equipe.',
        ]);
        expect((await toOwner(shop))[1]!.text).toContain('precisa de você');
      } finally {
        e.llm.respond = async (_c, n) => ({ content: `Resposta da IA ${n}` });
      }
    });

    it("alerts by e-mail when the owner prefers: 'email' sends no WhatsApp; 'both' sends the two", async () => {
      const mailsTo = async (shop: Shop) => {
        const [owner] = await db().select({ email: user.email }).from(user).where(eq(user.id, shop.userId));
        return db()
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, owner!.email), notConfirmationMail()));
      };
      const byMail = await openShop(e, { kind });
      await db().update(profiles).set({ alertChannel: 'email' }).where(eq(profiles.id, byMail.userId));
      await customerSays(e, byMail, 'Quero falar com um atendente');
      await waitFor(async () => (await mailsTo(byMail)).length === 1, 'alert e-mail');
      const [mail] = await mailsTo(byMail);
      expect(mail!.subject).toBe('VendAI: Carla Dias quer falar com uma pessoa');
      expect(mail!.text).toContain('/dashboard?conversa=');
      await waitFor(async () => (await alertsOf(byMail))[0]?.status === 'sent', 'alert listed as sent');
      expect(await toOwner(byMail)).toHaveLength(0);

      const both = await openShop(e, { kind });
      await db().update(profiles).set({ alertChannel: 'both' }).where(eq(profiles.id, both.userId));
      await customerSays(e, both, 'Quero falar com um atendente');
      await waitFor(async () => (await toOwner(both)).length === 1, 'alert on the owner phone');
      await waitFor(async () => (await mailsTo(both)).length === 1, 'alert e-mail');
      await waitFor(async () => (await alertsOf(both))[0]?.status === 'sent', 'alert listed as sent');
    });

    it('alerts: off per kind, a daily cap, a business number as personal number fails and is listed', async () => {
      const shop = await openShop(e, { kind });
      await db().update(profiles).set({ alertHandoff: false }).where(eq(profiles.id, shop.userId));
      await customerSays(e, shop, 'atendente', { phone: '5511977773333', name: 'A' });
      await waitFor(async () => (await toCustomer(shop, '5511977773333')).length === 1, 'handoff answer');
      await waitAlertsSettled(shop);
      expect(await alertsOf(shop)).toHaveLength(0);

      await db().update(profiles).set({ alertHandoff: true, alertDailyCap: 1 }).where(eq(profiles.id, shop.userId));
      await customerSays(e, shop, 'atendente', { phone: '5511977774444', name: 'B' });
      await waitFor(async () => (await alertsOf(shop)).length === 1, 'first alert');
      await customerSays(e, shop, 'atendente', { phone: '5511977775555', name: 'C' });
      await waitFor(async () => (await toCustomer(shop, '5511977775555')).length === 1, 'handoff answer');
      await waitAlertsSettled(shop);
      expect(await alertsOf(shop)).toHaveLength(1); // the cap

      await db().delete(ownerAlerts).where(eq(ownerAlerts.userId, shop.userId));
      await db()
        .update(profiles)
        .set({ countryCode: '55', phone: shop.number.phone.slice(2) })
        .where(eq(profiles.id, shop.userId));
      await customerSays(e, shop, 'atendente', { phone: '5511977776666', name: 'D' });
      await waitFor(async () => (await alertsOf(shop)).length === 1, 'failed alert listed');
      const [failed] = await alertsOf(shop);
      expect(failed!.status).toBe('failed');
      expect(failed!.error).toMatch(/mesmo número da empresa/);
    });
  });

  describe('the AI comes back by itself', () => {
    it('after the quiet time, not before; never answering the backlog, only the next customer message', async () => {
      const shop = await openShop(e, { kind });
      await db().update(agentes).set({ resumeAfterMinutes: 180 }).where(eq(agentes.id, shop.agentId));
      await customerSays(e, shop, 'Olá', { phone: '5511977778888', name: 'Dora' });
      await waitFor(async () => (await toCustomer(shop, '5511977778888')).length === 1, 'first answer');
      const conv = await convOf(shop, '5511977778888');
      // The owner takes over from the phone.
      await ownerWritesFromPhone(e, shop, 'Oi Dora, aqui é a dona!', '5511977778888');
      await waitFor(async () => !(await convOf(shop, '5511977778888')).agenteAtivo, 'takeover');
      const off = await convOf(shop, '5511977778888');
      expect(off.aiResumesAt!.getTime() - Date.now()).toBeGreaterThan(2.9 * 3600_000);
      expect(off.aiResumesAt!.getTime() - Date.now()).toBeLessThan(3.1 * 3600_000);

      // During the quiet time: stored, not answered.
      await customerSays(e, shop, 'Backlog: vocês abrem sábado?', { phone: '5511977778888', name: 'Dora' });
      await waitEngineIdle(e, shop);
      expect(await toCustomer(shop, '5511977778888')).toHaveLength(1);

      // The clock moves past the quiet time: nothing is sent by itself (the backlog is not answered)…
      // Only a customer message resumes the AI (ingestion reads ai_resumes_at; no timer does): idle
      // after the clock moved means nothing is on its way.
      await quietTimeOver(conv.id);
      await waitEngineIdle(e, shop);
      expect(await toCustomer(shop, '5511977778888')).toHaveLength(1);
      // …the next customer message is.
      await customerSays(e, shop, 'E domingo?', { phone: '5511977778888', name: 'Dora' });
      await waitFor(async () => (await toCustomer(shop, '5511977778888')).length === 2, 'answer after resume');
      const back = await convOf(shop, '5511977778888');
      expect(back.agenteAtivo).toBe(true);
      expect(back.aiResumesAt).toBeNull();
      const doneBursts = async () =>
        (await db().select().from(replyBursts).where(eq(replyBursts.convId, conv.id))).filter(
          (b) => b.state === 'done',
        );
      await waitFor(async () => (await doneBursts()).length === 2, 'two answers done');
      expect(await doneBursts()).toHaveLength(2);
    });

    it("'nunca' keeps the AI off; an owner message restarts the quiet time; the inbox can resume or extend at once", async () => {
      const shop = await openShop(e, { kind });
      await db().update(agentes).set({ resumeAfterMinutes: null }).where(eq(agentes.id, shop.agentId));
      await customerSays(e, shop, 'quero falar com uma pessoa', { phone: '5511977779999', name: 'Eva' });
      await waitFor(async () => (await toCustomer(shop, '5511977779999')).length === 1, 'handoff');
      const conv = await convOf(shop, '5511977779999');
      await waitFor(async () => !(await convOf(shop, '5511977779999')).agenteAtivo, 'manual');
      expect((await convOf(shop, '5511977779999')).aiResumesAt).toBeNull();

      // Extend: back in 2 h (PATCH), then an owner message from the app restarts the agent's quiet time.
      const extend = await shop.client.request({
        method: 'PATCH',
        url: `/api/conversations/${conv.id}`,
        payload: {
          agente_ativo: false,
          ai_resumes_in_hours: 2,
        },
      });
      expect(extend.statusCode).toBe(200);
      const resumesAt = new Date(extend.json().aiResumesAt).getTime() - Date.now();
      expect(resumesAt).toBeGreaterThan(1.9 * 3600_000);
      expect(extend.json().handoffReason).toBe(HANDOFF_ASKED_REASON);
      await db().update(agentes).set({ resumeAfterMinutes: 600 }).where(eq(agentes.id, shop.agentId));
      const sent = await shop.client.post(`/api/conversations/${conv.id}/messages`, { text: 'Oi Eva, sou eu!' });
      expect(sent.statusCode).toBeLessThan(300);
      const pushed = (await convOf(shop, '5511977779999')).aiResumesAt!.getTime() - Date.now();
      expect(pushed).toBeGreaterThan(9.9 * 3600_000);

      // Resume at once: the switch on; the backlog is not answered, the next message is.
      const on = await shop.client.request({
        method: 'PATCH',
        url: `/api/conversations/${conv.id}`,
        payload: { agente_ativo: true },
      });
      expect(on.json()).toMatchObject({ agenteAtivo: true, handoffReason: null, aiResumesAt: null });
      await waitEngineIdle(e, shop);
      expect(await toCustomer(shop, '5511977779999')).toHaveLength(2); // handoff answer + the owner's message
      await customerSays(e, shop, 'Obrigada!', { phone: '5511977779999', name: 'Eva' });
      await waitFor(async () => (await toCustomer(shop, '5511977779999')).length === 3, 'answer after resume');
    });
  });

  describe('whom the AI answers', () => {
    it('a chat the owner started from the phone is not answered until the owner switches the AI on', async () => {
      const shop = await openShop(e, { kind });
      await ownerWritesFromPhone(e, shop, 'Oi Gil, aqui é da Loja Sol, seu pedido chegou!', '5511966665555');
      await waitFor(async () => Boolean(await convOf(shop, '5511966665555')), 'conversation created');
      const conv = await convOf(shop, '5511966665555');
      expect(conv.agenteAtivo).toBe(false);
      expect(conv.aiResumesAt).toBeNull(); // it never comes back by itself
      await customerSays(e, shop, 'Oba! Posso buscar hoje?', { phone: '5511966665555', name: 'Gil' });
      await waitEngineIdle(e, shop);
      expect(await toCustomer(shop, '5511966665555')).toHaveLength(0);

      const on = await shop.client.request({
        method: 'PATCH',
        url: `/api/conversations/${conv.id}`,
        payload: { agente_ativo: true },
      });
      expect(on.statusCode).toBe(200);
      await waitEngineIdle(e, shop);
      expect(await toCustomer(shop, '5511966665555')).toHaveLength(0); // the backlog is not answered
      await customerSays(e, shop, 'Que horas vocês fecham?', { phone: '5511966665555', name: 'Gil' });
      await waitFor(async () => (await toCustomer(shop, '5511966665555')).length === 1, 'answer once switched on');
    });
  });
});
