/**
 * The AI books in the chat (docs/decisions/070-agenda-in-the-chat.md), through the engine, the simulator and
 * a model that calls tools: it sees real free slots (`ver_horarios`), books the chosen one (`agendar`) and
 * its 'está agendado' reaches the customer because the booking exists; the booking is the agenda's own
 * (source 'ai', the conversation linked, `booking.created` published). An account without an agenda is
 * offered no agenda tools. Approval mode offers only `ver_horarios`.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentes } from '../src/db/schema/index.ts';
import { formatStructuredReply } from '../src/domain/ai-reply/structured-reply.ts';
import { customerSays, type LlmCall, openShop, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { hear, useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';

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
}

async function answered(shop: Shop, text: string, n: number) {
  await customerSays(e, shop, text);
  await waitFor(async () => (await sentToCustomers(e, shop)).length === n, `answer ${n}`);
  await waitEngineIdle(e, shop);
  return (await sentToCustomers(e, shop)).at(-1)!.text;
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

  it('an account without an agenda is offered no agenda tools; approval mode only ver_horarios', async () => {
    const plain = await openShop(e);
    await answered(plain, 'Oi, quero marcar um horário', 1);
    expect(toolNames(e.llm.calls.at(-1)!)).not.toContain('ver_horarios');

    const held = await openShop(e);
    await withAgenda(held);
    await e.t.database.db.update(agentes).set({ approvalMode: true }).where(eq(agentes.id, held.agentId));
    const before = e.llm.calls.length;
    await customerSays(e, held, 'Quero marcar uma limpeza');
    await waitFor(async () => e.llm.calls.length > before, 'the AI asked');
    await waitEngineIdle(e, held);
    const names = toolNames(e.llm.calls.at(-1)!);
    expect(names).toContain('ver_horarios');
    expect(names).not.toContain('agendar');
  });
});
