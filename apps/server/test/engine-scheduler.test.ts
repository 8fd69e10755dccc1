/**
 * The reply scheduler's limit: with ENGINE_MAX_REPLIES_IN_FLIGHT=1 a second due burst waits in the
 * table while the first answer is prepared, and is answered as soon as the slot frees; each once.
 * QR numbers only: the scheduler's limit is the engine's, whatever the gateway (not doubled for CI time).
 */
import { describe, expect, it } from 'vitest';
import { customerSays, openShop, sentToCustomers, sleep, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';

const e = useEngineApp({ ENGINE_MAX_REPLIES_IN_FLIGHT: '1' });

describe('reply scheduler', () => {
  it('keeps bursts beyond the in-flight limit waiting, then answers each once when a slot frees', async () => {
    const shop = await openShop(e);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    e.llm.respond = async (_call, n) => {
      if (n === 1) await gate; // the first answer takes a while
      return { content: `Resposta da IA ${n}` };
    };
    try {
      await customerSays(e, shop, 'Oi, sou a Ana', { phone: '5511977771111', name: 'Ana Souza' });
      await waitFor(() => e.llm.calls.length === 1, 'first answer being prepared');
      await customerSays(e, shop, 'Oi, sou o Bruno', { phone: '5511977772222', name: 'Bruno Lima' });
      // Bruno's burst is due (quiet time 400 ms) but the only slot is taken: the AI is not asked yet.
      await sleep(1500);
      expect(e.llm.calls).toHaveLength(1);
      expect(await sentToCustomers(e, shop)).toEqual([]);
      release();
      await waitFor(async () => (await sentToCustomers(e, shop)).length === 2, 'both answered');
      await waitEngineIdle(e, shop);
      const sent = await sentToCustomers(e, shop);
      expect(sent.map((m) => m.remoteJid).sort()).toEqual([
        '5511977771111@s.whatsapp.net',
        '5511977772222@s.whatsapp.net',
      ]);
      expect(e.llm.calls).toHaveLength(2);
    } finally {
      release();
      e.llm.respond = async (_c, n) => ({ content: `Resposta da IA ${n}` });
    }
  });
});
