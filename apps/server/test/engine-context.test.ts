/**
 * The AI's context block (docs/decisions/018-ai-context-block.md): every WhatsApp
 * reply's input starts with the agent's prompt, then the block with the business's local date and
 * time and the customer's WhatsApp name; the playground sends the same block.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businessHours, profiles } from '../src/db/schema/index.ts';
import { localDateTime } from '../src/domain/account/local-time.ts';
import { contextBlock } from '../src/domain/ai-reply/context-block.ts';
import { businessHoursStatus } from '../src/domain/business-hours/business-hours-status.ts';
import { describeBusinessHours } from '../src/domain/business-hours/describe-week.ts';
import { NO_FACTS } from '../src/domain/business-hours/load-business-hours.ts';
import { handoffAnswer } from '../src/domain/handoff/handoff-answer.ts';
import { customerSays, openShop, sentToCustomers, waitFor } from './helpers/engine-harness.ts';
import { SHOP_KINDS } from './helpers/cloud-shop.ts';
import { useEngineApp } from './helpers/engine-test.ts';

const e = useEngineApp();

/** The block for any minute between `from` and now (the reply happened in between). */
function blocksSince(from: Date, timeZone: string, contactName: string | null): string[] {
  const out = new Set<string>();
  for (let t = from.getTime() - 60_000; t <= Date.now() + 60_000; t += 30_000)
    out.add(contextBlock({ now: new Date(t), timeZone, contactName }));
  return [...out];
}

// The customer's name comes from the gateway's webhook (Evolution's pushName, Meta's contact profile).
describe.each(SHOP_KINDS)('the context block in the AI input (%s number)', (kind) => {
  it('follows the system message with the local time in the account’s zone and the customer’s name', async () => {
    const shop = await openShop(e, { kind });
    await e.t.database.db.update(profiles).set({ timeZone: 'America/Manaus' }).where(eq(profiles.id, shop.userId));
    e.llm.calls.length = 0;
    const from = new Date();
    await customerSays(e, shop, 'Vocês abrem amanhã?', { phone: '5511977771234', name: 'Joana Prado' });
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'one reply');
    const messages = e.llm.calls[0]!.messages;
    expect(messages[0]).toEqual({ role: 'system', content: expect.stringContaining('Você é Luna') });
    expect(messages[1]!.role).toBe('system');
    expect(blocksSince(from, 'America/Manaus', 'Joana Prado')).toContain(messages[1]!.content);
    expect(messages[1]!.content).toContain('(horário de Manaus)');
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'Vocês abrem amanhã?' });

    // The playground: the same block for the same account (no customer, so no name).
    const from2 = new Date();
    const res = await shop.client.post('/api/playground/reply', {
      agent_id: shop.agentId,
      messages: [{ role: 'user', text: 'Vocês abrem amanhã?' }],
    });
    expect(res.statusCode).toBe(200);
    const played = e.llm.calls.at(-1)!.messages;
    expect(played[0]).toEqual(messages[0]);
    expect(blocksSince(from2, 'America/Manaus', null)).toContain(played[1]!.content);
  });

  it('uses Brasília time by default', async () => {
    const shop = await openShop(e, { kind });
    e.llm.calls.length = 0;
    const from = new Date();
    await customerSays(e, shop, 'Oi');
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'one reply');
    expect(blocksSince(from, 'America/Sao_Paulo', 'Carla Dias')).toContain(e.llm.calls[0]!.messages[1]!.content);
  });
});

describe('business hours in the AI input (decision 019)', () => {
  it('tells the AI the business is closed and when it opens; a handoff says when a person answers', async () => {
    const shop = await openShop(e);
    const tz = 'America/Sao_Paulo';
    // Open every day all day, but the owner closed today and the next two days: closed now, whatever the hour.
    const week = Array.from({ length: 7 }, () => ({ from: '00:00', to: '23:59' }));
    const day = (offset: number) => {
      const [, date] = localDateTime(new Date(Date.now() + offset * 86_400_000), tz).split(', ');
      const [d, m, y] = date!.split('/');
      return `${y}-${m}-${d}`;
    };
    const closedDays = [day(0), day(1), day(2)];
    await e.t.database.db.insert(businessHours).values({ userId: shop.userId, week, closedDays });
    e.llm.calls.length = 0;
    const from = new Date();
    await customerSays(e, shop, 'Alguém pode me atender agora?');
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'one reply');
    const block = e.llm.calls[0]!.messages[1]!.content as string;
    const expected = new Set<string>();
    for (let t = from.getTime() - 60_000; t <= Date.now() + 60_000; t += 30_000) {
      const now = new Date(t);
      expected.add(
        contextBlock({
          now,
          timeZone: tz,
          contactName: 'Carla Dias',
          hours: businessHoursStatus(week, closedDays, now, tz),
          // The week in words with the business's facts (docs/decisions/066-business-facts-in-one-place.md).
          facts: { ...NO_FACTS, week: describeBusinessHours(week) },
        }),
      );
    }
    expect([...expected]).toContain(block);
    expect(block).toMatch(/A empresa está fechada agora e abre .+, às 00:00\. Não prometa/);

    // The keyword handoff: one answer saying when a person will answer, the AI not asked.
    const asked = e.llm.calls.length;
    const now = new Date();
    await customerSays(e, shop, 'quero falar com um atendente');
    // The owner's alert goes out through the same number: only the customer's chat is counted.
    const toCarla = async () => (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith('5511977770000'));
    await waitFor(async () => (await toCarla()).length === 2, 'the handoff answer');
    const answer = (await toCarla())[1]!.text;
    expect(answer).toBe(handoffAnswer(businessHoursStatus(week, closedDays, now, tz), now, tz));
    expect(answer).toContain('Estamos fora do horário de atendimento agora');
    expect(e.llm.calls.length).toBe(asked);
  });
});
