/**
 * The offline demo AI (AI_PROVIDER=demo) books through the engine and the simulator, deterministically
 * (docs/decisions/070-agenda-in-the-chat.md; packages/demo-ai/src/agenda-reply.ts): real slots offered, the
 * choice confirmed, booked only after 'sim', and its 'ficou agendado' passes the booking guard because the
 * booking exists.
 */
import { describe, expect, it } from 'vitest';
import { customerSays, openShop, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { hear, useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';

const e = useEngineApp({ AI_PROVIDER: 'demo' });

async function answered(shop: Shop, text: string, n: number) {
  await customerSays(e, shop, text);
  await waitFor(async () => (await sentToCustomers(e, shop)).length >= n, `answer ${n}`);
  await waitEngineIdle(e, shop);
  return (await sentToCustomers(e, shop)).map((m) => m.text).join('\n');
}

describe('the demo AI books in the simulator', () => {
  it('offers, confirms, books', async () => {
    const shop = await openShop(e);
    const setup = await shop.client.post('/api/agenda/quick-setup', {
      professionalName: 'Dra. Ana',
      service: { name: 'Limpeza', durationMinutes: 60, priceCents: 15000, minNoticeMinutes: 60 },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const created = hear(e, 'booking.created');
    const offer = await answered(shop, 'Oi, quero marcar uma limpeza', 1);
    expect(offer).toContain('Para Limpeza, tenho estes horários:');
    const second = /^2\) (.+)$/m.exec(offer)![1]!;
    const sent = (await sentToCustomers(e, shop)).length;
    expect(await answered(shop, 'o segundo', sent + 1)).toContain(`Posso confirmar Limpeza em ${second}?`);
    expect(created).toHaveLength(0);
    const after = (await sentToCustomers(e, shop)).length;
    expect(await answered(shop, 'sim', after + 1)).toContain(`Prontinho! Ficou agendado: Limpeza, ${second}.`);
    await waitFor(async () => created.length === 1, 'booking.created');
    expect(created[0]).toMatchObject({ source: 'ai' });
  });
});
