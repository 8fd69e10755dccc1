/**
 * A model without tool calls (AI_TOOL_CALLS=off) books in the chat too (docs/decisions/070-agenda-in-the-chat.md):
 * the request carries the real free slots, the answer names the change in its "agenda" field, the change is
 * made before the booking guard reads the turn; a change that fails leaves the claim to the guard.
 */
import { describe, expect, it } from 'vitest';
import { customerSays, openShop, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { hear, useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { remindersOff } from './helpers/agenda-helpers.ts';

const e = useEngineApp({ AI_TOOL_CALLS: 'off' });

/** The answers to the customer (Carla, customerSays' default): a failed booking also alerts the owner's phone. */
const toCustomer = async (shop: Shop) =>
  (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith('5511977770000'));

async function answered(shop: Shop, text: string, n: number) {
  await customerSays(e, shop, text);
  await waitFor(async () => (await toCustomer(shop)).length === n, `answer ${n}`);
  await waitEngineIdle(e, shop);
  return (await toCustomer(shop)).at(-1)!.text;
}

describe('booking with the structured reply', () => {
  it('the slots are in the request; "agenda" books; a failed change cannot be claimed', async () => {
    const shop = await openShop(e);
    const setup = await shop.client.post('/api/agenda/quick-setup', {
      professionalName: 'Dra. Ana',
      service: { name: 'Limpeza', durationMinutes: 60, priceCents: 15000, minNoticeMinutes: 60 },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    await remindersOff(shop);
    const created = hear(e, 'booking.created');
    const respond = e.llm.respond;
    let inicio = '';
    let serviceId = '';
    e.llm.respond = async (call) => {
      const offer = call.messages.find((m) => m.role === 'system' && m.content.startsWith('AGENDA'))?.content ?? '';
      serviceId = /servico_id ([0-9a-f-]+)/.exec(offer)?.[1] ?? serviceId;
      inicio = /\[inicio ([^\]]+)\]/.exec(offer)?.[1] ?? inicio;
      const last = [...call.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
      const book = {
        acao: 'agendar',
        servico_id: serviceId,
        inicio: /outro/.test(last) ? '2020-01-01T00:00:00Z' : inicio,
      };
      return {
        content: JSON.stringify({
          reply: 'Prontinho, está agendado!',
          handoff: null,
          needs_owner: null,
          hot_lead: false,
          agenda: book,
        }),
      };
    };
    try {
      // A slot in the past is refused by the agenda: the claim does not reach the customer.
      const refused = await answered(shop, 'pode marcar outro', 1);
      expect(refused).not.toContain('agendado');
      expect(created).toHaveLength(0);
      expect(await answered(shop, 'sim, pode marcar', 2)).toBe('Prontinho, está agendado!');
    } finally {
      e.llm.respond = respond;
    }
    expect(e.llm.calls.every((c) => !c.body.tools)).toBe(true);
    await waitFor(async () => created.length === 1, 'booking.created');
    expect(created[0]).toMatchObject({ source: 'ai', startsAt: inicio });
  });
});
