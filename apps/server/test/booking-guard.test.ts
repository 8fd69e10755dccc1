/**
 * The booking guard end to end (docs/decisions/070-agenda-in-the-chat.md): a model that tells the customer
 * 'está agendado' when nothing was booked is asked once more, and when it insists the customer gets the
 * agent's fallback text, the owner is told through the usual 'owner.needed' path, and the audit record
 * names the rule that replaced the answer.
 */
import { PRICE_FALLBACK_DEFAULT } from '@vendai/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboundAudit } from '../src/db/schema/index.ts';
import { BOOKING_GUARD_ALERT } from '../src/domain/agenda-guard/guard-booking.ts';
import { formatStructuredReply } from '../src/domain/ai-reply/structured-reply.ts';
import { customerSays, openShop, sentToCustomers, waitFor } from './helpers/engine-harness.ts';
import { hear, useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';

const e = useEngineApp();
const said = (reply: string) => ({
  content: formatStructuredReply({ reply, handoff: null, needsOwner: null, hotLead: false }),
});

describe('the booking guard on the reply path', () => {
  it('a booking the AI claims but never made does not reach the customer; the owner is told', async () => {
    const shop = await openShop(e);
    const needed = hear(e, 'owner.needed');
    const respond = e.llm.respond;
    e.llm.respond = async () => said('Prontinho! Seu horário está agendado para quinta às 15h.');
    try {
      await customerSays(e, shop, 'Quero marcar um corte quinta às 15h');
      await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'the guarded answer');
      await waitEngineIdle(e, shop);
    } finally {
      e.llm.respond = respond;
    }
    expect((await sentToCustomers(e, shop)).map((m) => m.text)).toEqual([PRICE_FALLBACK_DEFAULT]);
    // Asked once more with the reason, then the fallback.
    const retry = e.llm.calls.at(-1)!.messages.at(-1)!.content;
    expect(retry).toContain('Nenhum horário foi agendado agora');
    await waitFor(async () => needed.length === 1, 'the owner told');
    expect(needed[0]!.reason).toContain(BOOKING_GUARD_ALERT);
    const [record] = await e.t.database.db
      .select()
      .from(outboundAudit)
      .where(and(eq(outboundAudit.userId, shop.userId), eq(outboundAudit.origin, 'ai_reply')));
    expect(record!.rule).toBe('booking_guard');
  });

  it('a second attempt without the claim is what the customer gets', async () => {
    const shop = await openShop(e);
    const respond = e.llm.respond;
    e.llm.respond = async (_call, n) =>
      said(n % 2 ? 'Marquei você para sexta às 10h!' : 'Tenho sexta às 10h livre. Posso agendar para você?');
    const before = e.llm.calls.length;
    try {
      await customerSays(e, shop, 'Tem horário sexta?');
      await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'the answer');
      await waitEngineIdle(e, shop);
    } finally {
      e.llm.respond = respond;
    }
    expect(e.llm.calls.length - before).toBe(2);
    expect((await sentToCustomers(e, shop)).map((m) => m.text)).toEqual([
      'Tenho sexta às 10h livre. Posso agendar para você?',
    ]);
  });
});
