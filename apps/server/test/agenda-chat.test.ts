/**
 * The AI books in the chat (docs/decisions/070-agenda-in-the-chat.md), through the engine, the simulator and
 * a model that calls tools: it sees real free slots (`ver_horarios`), books the chosen one (`agendar`) and
 * its 'está agendado' reaches the customer because the booking exists; the booking is the agenda's own
 * (source 'ai', the conversation linked, `booking.created` published). An account without an agenda is
 * offered no agenda tools. In approval mode the draft keeps the booking and the owner's 'Enviar' makes it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type ConversationApprovalDto, PRICE_FALLBACK_DEFAULT } from '@vendai/contracts';
import { agendaBookings, agentes, conversations } from '../src/db/schema/index.ts';
import { BOOKING_GUARD_ALERT } from '../src/domain/agenda-guard/guard-booking.ts';
import { formatStructuredReply } from '../src/domain/ai-reply/structured-reply.ts';
import { customerSays, type LlmCall, openShop, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { hear, useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { remindersOff } from './helpers/agenda-helpers.ts';
import { CUSTOMER, pixShop, pressOnBankPage, standinPaymentsOf } from './helpers/pix-helpers.ts';
import { releaseHolds } from '../src/modules/agenda/deposit.ts';

const e = useEngineApp();
const said = (reply: string) => ({
  content: formatStructuredReply({ reply, handoff: null, needsOwner: null, hotLead: false }),
});
const toolNames = (c: LlmCall) =>
  ((c.body.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name);
/** The last tool result the model was given in this call. */
const lastToolResult = (c: LlmCall) =>
  JSON.parse([...c.messages].reverse().find((m) => m.role === 'tool')!.content) as Record<string, unknown>;

async function withAgenda(shop: Shop) {
  const res = await shop.client.post('/api/agenda/quick-setup', {
    professionalName: 'Dra. Ana',
    service: { name: 'Limpeza', durationMinutes: 60, priceCents: 15000, minNoticeMinutes: 60 },
  });
  expect(res.statusCode, res.body).toBe(200);
  await remindersOff(shop);
}

/** The answers to the customer (Carla, customerSays' default): a failed booking also alerts the owner's phone. */
const toCustomer = async (shop: Shop) =>
  (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith('5511977770000'));

async function answered(shop: Shop, text: string, n: number) {
  await customerSays(e, shop, text);
  await waitFor(async () => (await toCustomer(shop)).length === n, `answer ${n}`);
  await waitEngineIdle(e, shop);
  return (await toCustomer(shop)).at(-1)!.text;
}

describe('the AI books in the chat', () => {
  it('offers real slots, books the confirmed one, and the true claim reaches the customer', async () => {
    const shop = await openShop(e);
    await withAgenda(shop);
    const created = hear(e, 'booking.created');
    const respond = e.llm.respond;
    let offered: { inicio: string; texto: string; profissional_id: string }[] = [];
    let serviceId = '';
    e.llm.respond = async (call) => {
      const last = [...call.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
      const tool = call.messages.at(-1)?.role === 'tool';
      if (/marcar/.test(last) && !tool)
        return { toolCalls: [{ id: 't1', name: 'ver_horarios', arguments: JSON.stringify({ servico: 'limpeza' }) }] };
      if (/marcar/.test(last)) {
        const r = lastToolResult(call) as { servico: { id: string }; horarios: typeof offered };
        offered = r.horarios;
        serviceId = r.servico.id;
        return said(`Tenho ${offered.map((h) => h.texto).join('; ')}. Qual prefere?`);
      }
      if (/segundo/.test(last)) return said(`Posso confirmar a limpeza em ${offered[1]!.texto}?`);
      if (/^sim/i.test(last) && !tool)
        return {
          toolCalls: [
            {
              id: 't2',
              name: 'agendar',
              arguments: JSON.stringify({
                servico_id: serviceId,
                inicio: offered[1]!.inicio,
                profissional_id: offered[1]!.profissional_id,
              }),
            },
          ],
        };
      const r = lastToolResult(call) as { ok: boolean; agendamento: { quando: string } };
      return said(r.ok ? `Prontinho! Sua limpeza está agendada para ${r.agendamento.quando}.` : 'Não consegui.');
    };
    try {
      const offer = await answered(shop, 'Oi, quero marcar uma limpeza', 1);
      expect(offered.length).toBeGreaterThanOrEqual(2);
      expect(offered.length).toBeLessThanOrEqual(3);
      expect(offer).toContain(offered[0]!.texto);
      expect(toolNames(e.llm.calls.at(-2)!)).toEqual(
        expect.arrayContaining(['buscar_catalogo', 'ver_horarios', 'agendar', 'remarcar', 'cancelar']),
      );
      expect(await answered(shop, 'o segundo', 2)).toContain('Posso confirmar');
      expect(created).toHaveLength(0);
      const done = await answered(shop, 'sim, pode confirmar', 3);
      expect(done).toBe(`Prontinho! Sua limpeza está agendada para ${offered[1]!.texto}.`);
    } finally {
      e.llm.respond = respond;
    }
    await waitFor(async () => created.length === 1, 'booking.created');
    expect(created[0]).toMatchObject({ source: 'ai', by: 'ai', startsAt: offered[1]!.inicio });
    expect(created[0]!.convId).toBeTruthy();
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 40 * 86_400_000).toISOString();
    const res = await shop.client.get(`/api/agenda/calendar?${new URLSearchParams({ from, to })}`);
    expect(res.statusCode, res.body).toBe(200);
    const cal = res.json() as {
      bookings: { startsAt: string; source: string; convId: string | null; status: string }[];
    };
    expect(cal.bookings.map((b) => [b.startsAt, b.source, b.status])).toEqual([[offered[1]!.inicio, 'ai', 'booked']]);
  });

  it('an account without an agenda is offered no agenda tools', async () => {
    const plain = await openShop(e);
    await answered(plain, 'Oi, quero marcar um horário', 1);
    expect(toolNames(e.llm.calls.at(-1)!)).not.toContain('ver_horarios');
  });

  it("approval mode: the draft keeps the booking, 'Enviar' makes it before the customer reads it, a slot taken meanwhile refuses the send", async () => {
    const shop = await openShop(e);
    await withAgenda(shop);
    await e.t.database.db.update(agentes).set({ approvalMode: true }).where(eq(agentes.id, shop.agentId));
    const created = hear(e, 'booking.created');
    const respond = e.llm.respond;
    let offered: { inicio: string; profissional_id: string; texto: string }[] = [];
    let serviceId = '';
    // The customer asks for the first free time; the model reads the slots, books it, and says so.
    e.llm.respond = async (call) => {
      if (call.messages.at(-1)?.role !== 'tool')
        return { toolCalls: [{ id: 't1', name: 'ver_horarios', arguments: JSON.stringify({ servico: 'limpeza' }) }] };
      const r = lastToolResult(call);
      if ('horarios' in r) {
        offered = r.horarios as typeof offered;
        serviceId = (r.servico as { id: string }).id;
        const pick = offered[0]!;
        const args = { servico_id: serviceId, inicio: pick.inicio, profissional_id: pick.profissional_id };
        return { toolCalls: [{ id: 't2', name: 'agendar', arguments: JSON.stringify(args) }] };
      }
      return said(r.ok ? `Prontinho! Sua limpeza está agendada para ${offered[0]!.texto}.` : 'Não consegui.');
    };
    const toCustomer = async (phone = '5511977770000') =>
      (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(phone)).map((m) => m.text);
    const convs = () => e.t.database.db.select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    const has = async (phone: string) => (await convs()).some((c) => c.contactPhone === phone);
    const draftOf = async (phone: string) => {
      const conv = (await convs()).find((c) => c.contactPhone === phone)!;
      const res = await shop.client.get(`/api/conversations/${conv.id}/approval`);
      return { conv, draft: (res.json() as ConversationApprovalDto).draft };
    };
    const calendar = async () => {
      const from = new Date(Date.now() - 86_400_000).toISOString();
      const to = new Date(Date.now() + 40 * 86_400_000).toISOString();
      const res = await shop.client.get(`/api/agenda/calendar?${new URLSearchParams({ from, to })}`);
      return (res.json() as { bookings: { startsAt: string; source: string; status: string }[] }).bookings;
    };
    try {
      await customerSays(e, shop, 'Quero marcar uma limpeza no primeiro horário livre, pode confirmar');
      await waitFor(
        async () => (await has('5511977770000')) && !!(await draftOf('5511977770000')).draft,
        'the draft',
        60_000,
      );
      await waitEngineIdle(e, shop);
      const first = await draftOf('5511977770000');
      expect(first.draft!.parts).toEqual([`Prontinho! Sua limpeza está agendada para ${offered[0]!.texto}.`]);
      expect(first.draft!.booking).toBe(`Agendar Limpeza: ${offered[0]!.texto}, com Dra. Ana`);
      // Nothing is booked, nothing sent, before the owner acts.
      expect(await calendar()).toEqual([]);
      expect(created).toHaveLength(0);
      expect(await toCustomer()).toEqual([]);
      // The owner's WhatsApp alert says what sending it changes.
      await waitFor(
        async () => (await sentToCustomers(e, shop)).some((m) => m.text.includes('Sugestão da IA')),
        'alert',
      );
      const alert = (await sentToCustomers(e, shop)).find((m) => m.text.includes('Sugestão da IA'))!;
      expect(alert.text).toContain(`Ao enviar, a agenda muda: “Agendar Limpeza: ${offered[0]!.texto}, com Dra. Ana”`);

      const sent = await shop.client.post(`/api/conversations/${first.conv.id}/drafts/${first.draft!.id}/send`, {});
      expect(sent.statusCode, sent.body).toBe(200);
      await waitFor(
        async () => (await toCustomer()).some((t) => t.startsWith('Prontinho!')),
        'the approved answer',
        60_000,
      );
      expect((await calendar()).map((b) => [b.startsAt, b.source, b.status])).toEqual([
        [offered[0]!.inicio, 'ai', 'booked'],
      ]);
      await waitFor(async () => created.length === 1, 'booking.created', 60_000);

      // Another customer's draft for the next free time; the owner books that time by hand before sending it.
      const other = { phone: '5511966660000', name: 'Bruno' };
      await customerSays(e, shop, 'Quero marcar uma limpeza no primeiro horário livre, pode confirmar', other);
      await waitFor(
        async () => (await has(other.phone)) && !!(await draftOf(other.phone)).draft,
        'the second draft',
        60_000,
      );
      await waitEngineIdle(e, shop);
      const second = await draftOf(other.phone);
      expect(second.draft!.booking).toContain(offered[0]!.texto);
      const byHand = await shop.client.post('/api/agenda/bookings', {
        serviceId,
        startsAt: offered[0]!.inicio,
        customerName: 'Cliente do balcão',
      });
      expect(byHand.statusCode, byHand.body).toBe(201);
      const refused = await shop.client.post(
        `/api/conversations/${second.conv.id}/drafts/${second.draft!.id}/send`,
        {},
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toContain('A mudança na agenda desta sugestão não pode mais ser feita');
      expect(refused.json().error.message).toContain('Edite a sugestão ou descarte-a.');
      // Nothing reached the second customer, the draft still waits, and the agenda has the owner's booking only.
      expect((await toCustomer()).filter((t) => !t.startsWith('Olá, Carla! Lembrete'))).toHaveLength(1);
      expect(await toCustomer(other.phone)).toEqual([]);
      expect((await draftOf(other.phone)).draft?.state).toBe('pending');
      expect((await calendar()).map((b) => b.source).sort()).toEqual(['ai', 'owner']);
    } finally {
      e.llm.respond = respond;
    }
  }, 120_000);
});

/**
 * A booking held for its sinal (docs/decisions/074-agenda-deposit.md) in the turns after it was made: the
 * booking guard reads it from the reply's claim, lets 'reservado até …, aguardando o sinal' through and holds
 * back 'marcado'/'confirmado' until it is paid; once paid it stands; once its hold is over or it is released
 * nothing stands.
 */
describe('a held booking in later turns', () => {
  /** A Pix shop whose one service asks a 30% sinal, and a booking the owner made for the conversation: held. */
  async function heldBooking(customer: { phone: string; name: string }) {
    const s = await pixShop(e, customer);
    const setup = await s.shop.client.post('/api/agenda/quick-setup', {
      professionalName: 'Dra. Ana',
      service: { name: 'Limpeza', durationMinutes: 60, priceCents: 15000, minNoticeMinutes: 60, depositPercent: 30 },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { services } = (await s.shop.client.get('/api/agenda/setup')).json() as { services: { id: string }[] };
    const from = new Date(Date.now() + 86_400_000).toISOString();
    const to = new Date(Date.now() + 8 * 86_400_000).toISOString();
    const { items } = (
      await s.shop.client.get(`/api/agenda/slots?serviceId=${services[0]!.id}&from=${from}&to=${to}`)
    ).json() as { items: { startsAt: string }[] };
    const res = await s.shop.client.post('/api/agenda/bookings', {
      serviceId: services[0]!.id,
      startsAt: items[0]!.startsAt,
      customerName: customer.name,
      convId: s.convId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'held' });
    await waitFor(
      async () => (await sentToCustomers(e, s.shop)).some((m) => m.text?.includes('Valor do sinal')),
      'the sinal on the phone',
    );
    await waitEngineIdle(e, s.shop);
    return { ...s, bookingId: res.json().id as string };
  }

  /** The customer writes, the model answers `reply` every time it is asked; what reached the customer. */
  async function turn(s: { shop: Shop }, customer: { phone: string; name: string }, text: string, reply: string) {
    const respond = e.llm.respond;
    const before = (await sentToCustomers(e, s.shop)).length;
    const calls = e.llm.calls.length;
    e.llm.respond = async () => said(reply);
    // The answer is the model's text or the guard's fallback (a Pix message may still be on its way).
    const answer = async () =>
      (await sentToCustomers(e, s.shop))
        .slice(before)
        .find((m) => m.text === reply || m.text === PRICE_FALLBACK_DEFAULT)?.text;
    try {
      await customerSays(e, s.shop, text, customer);
      await waitFor(async () => Boolean(await answer()), `the answer to '${text}'`, 90_000);
      await waitEngineIdle(e, s.shop);
    } finally {
      e.llm.respond = respond;
    }
    return { sent: await answer(), asked: e.llm.calls.slice(calls) };
  }

  const holdText = (asked: { messages: { content: string }[] }[]) =>
    asked[0]!.messages.map((m) => m.content).join('\n');

  it(
    'is reserved until paid: "marcado" is held back, "reservado até" passes; once paid it stands',
    {
      timeout: 180_000,
    },
    async () => {
      const s = await heldBooking(CUSTOMER);
      const needed = hear(e, 'owner.needed');
      const [booking] = await e.t.database.db.select().from(agendaBookings).where(eq(agendaBookings.id, s.bookingId));
      const until = new Intl.DateTimeFormat('pt-BR', {
        timeZone: 'America/Sao_Paulo',
        hour: '2-digit',
        minute: '2-digit',
      }).format(booking!.holdExpiresAt!);

      const claimed = await turn(s, CUSTOMER, 'Meu horário tá certo?', 'Seu horário está marcado para quinta às 9h.');
      expect(claimed.sent).toBe(PRICE_FALLBACK_DEFAULT);
      // Told in the request that the booking only holds until the sinal, and why the answer was held back.
      expect(holdText(claimed.asked)).toContain(`está só reservado até as ${until}, aguardando o pagamento do sinal`);
      expect(claimed.asked.at(-1)!.messages.at(-1)!.content).toContain(`reservado até as ${until}`);
      await waitFor(async () => needed.length === 1, 'the owner told');
      expect(needed[0]!.reason).toContain(BOOKING_GUARD_ALERT);

      const confirmed = await turn(s, CUSTOMER, 'Então tá confirmado?', 'Sim, está confirmado! Te esperamos.');
      expect(confirmed.sent).toBe(PRICE_FALLBACK_DEFAULT);

      const truth = `Seu horário está reservado até as ${until}, aguardando o pagamento do sinal.`;
      expect((await turn(s, CUSTOMER, 'E agora?', truth)).sent).toBe(truth);

      // Paid: booked, and from then on stating it is true.
      const [payment] = await standinPaymentsOf(e, booking!.depositOrderId!);
      await pressOnBankPage(s.shop, payment!.id, 'pagar');
      await waitFor(
        async () =>
          (await e.t.database.db.select().from(agendaBookings).where(eq(agendaBookings.id, s.bookingId)))[0]!.status ===
          'booked',
        'booked once paid',
      );
      await waitFor(
        async () => (await sentToCustomers(e, s.shop)).some((m) => m.text?.startsWith('Sinal de R$ 45,00 recebido')),
        'the payment told',
      );
      await waitEngineIdle(e, s.shop);
      const stands = 'Seu horário está confirmado para quinta às 9h.';
      expect((await turn(s, CUSTOMER, 'Tá confirmado agora?', stands)).sent).toBe(stands);
    },
  );

  it('once its hold is over, and once released, nothing stands', { timeout: 180_000 }, async () => {
    const customer = { phone: '5511977775555', name: 'Dora Reis' };
    const s = await heldBooking(customer);
    // The hold's time passed; the sweeper has not run yet: the hold counts for nothing.
    await e.t.database.db
      .update(agendaBookings)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(agendaBookings.id, s.bookingId));
    const reserved = 'Seu horário está reservado até as 10:30, aguardando o pagamento do sinal.';
    const over = await turn(s, customer, 'Ainda dá tempo?', reserved);
    expect(over.sent).toBe(PRICE_FALLBACK_DEFAULT);
    expect(holdText(over.asked)).not.toContain('está só reservado até');
    // Released by the sweeper: neither held nor booked.
    expect(await releaseHolds(e.t.app.pix.deps)).toBe(1);
    await waitFor(
      async () =>
        (await sentToCustomers(e, s.shop)).some((m) => m.text?.startsWith('O prazo para pagar o sinal terminou')),
      'the release told',
    );
    await waitEngineIdle(e, s.shop);
    expect((await turn(s, customer, 'E meu horário?', 'Seu horário está marcado para quinta às 9h.')).sent).toBe(
      PRICE_FALLBACK_DEFAULT,
    );
    expect((await turn(s, customer, 'E meu horário?', reserved)).sent).toBe(PRICE_FALLBACK_DEFAULT);
  });
});
