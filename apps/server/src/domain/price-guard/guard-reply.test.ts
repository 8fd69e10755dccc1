import { describe, expect, it, vi } from 'vitest';
import type { StructuredReply } from '../ai-reply/structured-reply.ts';
import type { GuardFacts } from '../facts/load-reply-facts.ts';
import { guardReply } from './guard-reply.ts';

const answer = (reply: string): StructuredReply => ({ reply, handoff: null, needsOwner: null, hotLead: false });
const facts = (allowedCents: number[]) => {
  const guard = vi.fn(async (): Promise<GuardFacts> => ({
    allowed: { cents: new Set(allowedCents), percents: new Set(), discountsAllowed: false },
    fallbackText: 'Vou confirmar o valor e já te respondo.',
  }));
  return { guard };
};

describe('guardReply', () => {
  it('passes an answer with no amount and no discount without reading the business’s amounts', async () => {
    const f = facts([]);
    const askAgain = vi.fn();
    const outcome = await guardReply(answer('Oi! Funcionamos de segunda a sábado.'), f, askAgain);
    expect(outcome).toEqual({ answer: answer('Oi! Funcionamos de segunda a sábado.'), retried: false, blocked: null });
    expect(f.guard).not.toHaveBeenCalled();
    expect(askAgain).not.toHaveBeenCalled();
  });

  it('reads the amounts once when the answer quotes one, and passes a known price', async () => {
    const f = facts([8990]);
    const outcome = await guardReply(answer('A camiseta sai por R$ 89,90.'), f, vi.fn());
    expect(outcome.blocked).toBeNull();
    expect(f.guard).toHaveBeenCalledTimes(1);
  });

  it('asks again on an unknown price, then sends the fallback when the second answer is wrong too', async () => {
    const f = facts([8990]);
    const askAgain = vi.fn(async () => answer('Fica R$ 75,00 pra você.'));
    const outcome = await guardReply(answer('Sai por R$ 70.'), f, askAgain);
    expect(askAgain).toHaveBeenCalledTimes(1);
    expect(outcome.retried).toBe(true);
    expect(outcome.answer.reply).toBe('Vou confirmar o valor e já te respondo.');
    expect(outcome.blocked).toMatchObject({ ok: false, unknownCents: [7500] });
    expect(f.guard).toHaveBeenCalledTimes(1);
  });

  it('sends the second answer when it fixes the price', async () => {
    const outcome = await guardReply(answer('Sai por R$ 70.'), facts([8990]), async () => answer('Sai por R$ 89,90.'));
    expect(outcome).toMatchObject({ answer: { reply: 'Sai por R$ 89,90.' }, retried: true, blocked: null });
  });

  it('lets the answer state the total of the order it carries (quantities × the ordered items’ prices)', async () => {
    // docs/decisions/047-price-guard-amounts.md: 2 × R$ 59,90 + 1 × R$ 39,90 = R$ 159,70.
    const guard = vi.fn(async (): Promise<GuardFacts> => ({
      allowed: {
        cents: new Set([5990, 3990, 14990]),
        percents: new Set(),
        discountsAllowed: false,
        items: [
          { id: 'camiseta', name: 'Camiseta básica', cents: [5990] },
          { id: 'bone', name: 'Boné', cents: [3990] },
        ],
      },
      fallbackText: 'Vou confirmar o valor e já te respondo.',
    }));
    const order = {
      items: [
        { id: 'camiseta', option: null, quantity: 2 },
        { id: 'bone', option: null, quantity: 1 },
      ],
    };
    const withOrder = await guardReply({ ...answer('Anotado! Total: R$ 159,70.'), order }, { guard }, vi.fn());
    expect(withOrder.blocked).toBeNull();
    const without = await guardReply(answer('Anotado! Total: R$ 159,70.'), { guard }, async () => null);
    expect(without.blocked).toMatchObject({ unknownCents: [15970] });
  });
});
