/**
 * The facts behind the agent hints (control port: POST /seed-hints; docs/decisions/065-agent-tabs-hints-and-judge.md)
 * for what the clock would take a day to produce: `quiet` customers who asked a price, got the AI's
 * answer with one 30 hours ago and said nothing since, and `guarded` AI replies the price guard replaced.
 * On the account's number that has an agent (seed it with /seed-inbox and linkFirstAgent first).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conversations, messages, outboundAudit } from '../../apps/server/src/db/schema/index.ts';

export async function seedHints(
  app: FastifyInstance,
  input: { email: string; quiet?: number; guarded?: number },
): Promise<{ agentId: string }> {
  const { db } = app.deps;
  const found = (await db.execute(sql`
    select n.id as number_id, n.user_id, n.agente as agent_id from numbers n join "user" u on u.id = n.user_id
     where u.email = ${input.email} and n.agente is not null limit 1`)) as unknown as {
    rows: { number_id: string; user_id: string; agent_id: string }[];
  };
  const number = found.rows[0];
  if (!number) throw new Error('no number with an agent for this e-mail');
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  const convIds: string[] = [];
  for (let i = 0; i < (input.quiet ?? 3); i++) {
    const phone = `55119${String(70000000 + Math.floor(Math.random() * 9_999_999))}`;
    const [conv] = await db
      .insert(conversations)
      .values({
        numberId: number.number_id,
        userId: number.user_id,
        contactJid: `${phone}@s.whatsapp.net`,
        contactPhone: phone,
        contactName: ['Carla Dias', 'Rafael Souza', 'Juliana Reis', 'Pedro Alves'][i % 4],
        lastMessage: hoursAgo(30),
        customerLastAt: hoursAgo(31),
      })
      .returning({ id: conversations.id });
    convIds.push(conv!.id);
    await db.insert(messages).values([
      {
        userId: number.user_id,
        convId: conv!.id,
        direction: 'in',
        author: 'contact',
        content: 'Quanto custa o bolo de festa?',
        status: 'received',
        createdAt: hoursAgo(31),
      },
      {
        userId: number.user_id,
        convId: conv!.id,
        direction: 'out',
        fromMe: true,
        author: 'ai',
        content: 'O bolo de festa sai por R$ 180,00 e serve 20 pessoas. Quer encomendar?',
        status: 'read',
        createdAt: hoursAgo(30),
      },
    ]);
  }
  for (let i = 0; i < (input.guarded ?? 2); i++)
    await db.insert(outboundAudit).values({
      userId: number.user_id,
      convId: convIds[0] ?? null,
      origin: 'ai_reply',
      rule: 'price_guard',
      outcome: 'sent',
    });
  return { agentId: number.agent_id };
}
