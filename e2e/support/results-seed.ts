/**
 * Resultados data for the browser tests (control port: POST /seed-results): two weeks of
 * conversations relative to today in São Paulo (the account's default time zone), so the page's
 * default '7 dias' period has known figures per day. Day k of the last 7 (k = 0 today … 6) has k + 1
 * conversations, each a customer message at 10:00 answered by the AI 30 s later; the week before has
 * one such conversation a day. Yesterday also has a night chat (AI answer at 23:30, outside business
 * hours) taken over by the owner on the phone, a failed send, an opt-out and a group (not counted).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conversations, messages, numbers, user } from '../../apps/server/src/db/schema/index.ts';
import { isOptOut } from '../../apps/server/src/domain/conversation-rules/opt-out.ts';

type Author = 'contact' | 'ai' | 'owner_app' | 'owner_phone';

/** AAAA-MM-DD in São Paulo, `daysAgo` days before today. */
export function saoPauloDate(daysAgo: number, now = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! - daysAgo)).toISOString().slice(0, 10);
}

const at = (date: string, time: string) => new Date(`${date}T${time}-03:00`);

export async function seedResults(app: FastifyInstance, input: { email: string }): Promise<{ numberId: string }> {
  const { db } = app.deps;
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, input.email.toLowerCase())).limit(1);
  if (!owner) throw new Error(`no user ${input.email}`);
  const userId = owner.id;
  const suffix = randomBytes(3).toString('hex');
  const [number] = await db
    .insert(numbers)
    .values({
      userId,
      token: `tok-${suffix}`,
      phone: `55119${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`,
      instanceName: `vendai-res-${suffix}`,
      apelido: 'Loja Centro',
      status: 'CONECTADO',
    })
    .returning();
  let contact = 0;
  const chat = async (rows: [Date, Author, string, ('failed' | 'sent')?][], type: 'chat' | 'group' = 'chat') => {
    contact += 1;
    const [conv] = await db
      .insert(conversations)
      .values({
        userId,
        numberId: number!.id,
        contactJid: `5521${suffix}${String(contact).padStart(4, '0')}@${type === 'group' ? 'g.us' : 's.whatsapp.net'}`,
        contactName: `Cliente ${contact}`,
        type,
        createdAt: rows[0]![0],
        lastMessage: rows.at(-1)![0],
        lastMessagePreview: rows.at(-1)![2],
      })
      .returning();
    await db.insert(messages).values(
      rows.map(([createdAt, author, content, status]) => ({
        userId,
        convId: conv!.id,
        direction: author === 'contact' ? ('in' as const) : ('out' as const),
        fromMe: author !== 'contact',
        author,
        content,
        status: author === 'contact' ? ('received' as const) : (status ?? 'read'),
        // Stored as ingestion stores it: the opt-out is a fact of the customer's message.
        optOut: author === 'contact' && isOptOut(content),
        createdAt,
      })),
    );
  };
  for (let daysAgo = 0; daysAgo < 14; daysAgo += 1) {
    const date = saoPauloDate(daysAgo);
    const count = daysAgo < 7 ? daysAgo + 1 : 1;
    for (let i = 0; i < count; i += 1) {
      await chat([
        [at(date, '10:00:00'), 'contact', 'Oi, vocês têm pronta entrega?'],
        [at(date, '10:00:30'), 'ai', 'Temos sim! Qual modelo você procura?'],
      ]);
    }
  }
  const yesterday = saoPauloDate(1);
  await chat([
    [at(yesterday, '23:29:00'), 'contact', 'Ainda dá tempo de encomendar?'],
    [at(yesterday, '23:30:00'), 'ai', 'Dá sim! Anotei seu pedido.'],
    [at(yesterday, '23:31:00'), 'ai', 'Confirma o endereço?', 'failed'],
    [at(yesterday, '23:40:00'), 'owner_phone', 'Oi, aqui é a dona, já separo para você.'],
  ]);
  await chat([[at(yesterday, '15:00:00'), 'contact', 'Parar']]);
  await chat(
    [
      [at(yesterday, '12:00:00'), 'contact', 'Bom dia, grupo'],
      [at(yesterday, '12:00:05'), 'ai', 'Bom dia!'],
    ],
    'group',
  );
  return { numberId: number!.id };
}
