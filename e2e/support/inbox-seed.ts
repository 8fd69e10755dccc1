/**
 * Bulk inbox data for the browser tests (control port: POST /seed-inbox), for what the simulator
 * would take minutes to produce: dozens of conversations for paging, a long chat for scrolling up,
 * every message type with real media files in the app's storage, 120 unread, a failed send, a
 * group, a disconnected number, an account at its AI limit. Rows go in through the app's own
 * database and storage; the browser then reads everything over the real API.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { deflateSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  agentes,
  conversations,
  messages,
  numbers,
  replyBursts,
  usageMonthly,
  user,
} from '../../apps/server/src/db/schema/index.ts';
import { monthStart } from '../../apps/server/src/domain/usage/get-current-usage.ts';

export interface SeedInboxInput {
  email: string;
  /** Plain conversations besides the rich one and the group (default 34). */
  conversations?: number;
  /** Text messages before the media ones in the rich chat (default 60). */
  history?: number;
  numberStatus?: 'CONECTADO' | 'DESCONECTADO';
  apelido?: string | null;
  /** Sets this month's AI message count (300 = the free plan's limit). */
  aiMessages?: number;
  /** Agents to create (by name); the first is linked to the number when linkFirstAgent is set. */
  agents?: string[];
  linkFirstAgent?: boolean;
  /**
   * The rich chat also gets a customer's reaction on the AI's answer, an edited and a deleted message,
   * and an 'A IA não conseguiu responder' notice whose burst can be retried (docs/decisions/010-input-hardening.md).
   */
  engineStates?: boolean;
  /** Only the agents: no number, no conversations (the 'connect a WhatsApp first' state). */
  withoutNumber?: boolean;
}

export interface SeedInboxResult {
  numberId: string;
  instanceName: string;
  richId: string;
  groupId: string;
  conversationIds: string[];
}

async function seedAgents(app: FastifyInstance, userId: string, names: string[]): Promise<string[]> {
  if (!names.length) return [];
  const created = await app.deps.db
    .insert(agentes)
    .values(names.map((apelido) => ({ userId, apelido, systemPrompt: `Você é ${apelido}, assistente de vendas.` })))
    .returning({ id: agentes.id });
  return created.map((a) => a.id);
}

export async function readJson<T>(req: IncomingMessage): Promise<T> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as T;
}

export async function seedInbox(app: FastifyInstance, input: SeedInboxInput): Promise<SeedInboxResult> {
  const { db, storage } = app.deps;
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, input.email.toLowerCase())).limit(1);
  if (!owner) throw new Error(`no user ${input.email}`);
  const userId = owner.id;
  if (input.withoutNumber) {
    await seedAgents(app, userId, input.agents ?? []);
    return { numberId: '', instanceName: '', richId: '', groupId: '', conversationIds: [] };
  }
  const suffix = randomBytes(3).toString('hex');
  const phone = `55119${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
  const [number] = await db
    .insert(numbers)
    .values({
      userId,
      token: `tok-${suffix}`,
      phone,
      instanceName: `vendai${phone.slice(-4)}${suffix}`,
      apelido: input.apelido === undefined ? null : input.apelido,
      status: input.numberStatus ?? 'CONECTADO',
      connectedAt: new Date(),
    })
    .returning();
  const numberId = number!.id;
  const agentIds = await seedAgents(app, userId, input.agents ?? []);
  if (input.linkFirstAgent && agentIds[0])
    await db.update(numbers).set({ agente: agentIds[0] }).where(eq(numbers.id, numberId));
  const now = Date.now();
  const minutes = (m: number) => new Date(now - m * 60_000);

  // Plain conversations, one every 3 hours back in time (covers today, 'Ontem', weekdays, dates).
  const plain = input.conversations ?? 34;
  const rows = Array.from({ length: plain }, (_, i) => ({
    userId,
    numberId,
    contactJid: `5521977${String(i).padStart(6, '0')}@s.whatsapp.net`,
    contactPhone: `5521977${String(i).padStart(6, '0')}`,
    contactName: i % 3 === 0 ? null : `Cliente ${String(i + 1).padStart(2, '0')}`,
    lastMessage: minutes(60 + i * 180),
    lastMessagePreview: `Olá, gostaria de saber o preço (${i + 1})`,
    unreadCount: i % 4 === 1 ? i : 0,
    agenteAtivo: i % 5 !== 2,
  }));
  const plainIds = rows.length
    ? (await db.insert(conversations).values(rows).returning({ id: conversations.id })).map((r) => r.id)
    : [];

  const [group] = await db
    .insert(conversations)
    .values({
      userId,
      numberId,
      contactJid: `120363${suffix}0001@g.us`,
      contactName: 'Equipe de Vendas',
      type: 'group',
      agenteAtivo: false,
      lastMessage: minutes(30),
      lastMessagePreview: 'Bom dia, pessoal!',
    })
    .returning();
  await db.insert(messages).values({
    userId,
    convId: group!.id,
    direction: 'in',
    author: 'contact',
    content: 'Bom dia, pessoal!',
    createdAt: minutes(30),
  });

  // The rich chat: a long history, then one message of every type, 120 unread.
  const [rich] = await db
    .insert(conversations)
    .values({
      userId,
      numberId,
      contactJid: '5511912345678@s.whatsapp.net',
      contactPhone: '5511912345678',
      contactName: 'Ana Paula Souza',
      lastMessage: minutes(1),
      lastMessagePreview: 'Obrigada!',
      unreadCount: 120,
    })
    .returning();
  const richId = rich!.id;
  const history = input.history ?? 60;
  await db.insert(messages).values(
    Array.from({ length: history }, (_, i) => {
      const fromCustomer = i % 2 === 0;
      return {
        userId,
        convId: richId,
        direction: fromCustomer ? ('in' as const) : ('out' as const),
        fromMe: !fromCustomer,
        author: fromCustomer ? ('contact' as const) : ('ai' as const),
        status: fromCustomer ? ('received' as const) : ('read' as const),
        content: fromCustomer ? `Mensagem antiga número ${i + 1} da cliente` : `Resposta da IA número ${i + 1}`,
        // Two days back, one a minute: the chat spans 'Ontem' and today's separators.
        createdAt: minutes(60 * 26 - i),
      };
    }),
  );

  const image = await storage.save(userId, png(240, 160, [16, 185, 129]), {
    mimetype: 'image/png',
    filename: 'vitrine.png',
  });
  const sticker = await storage.save(userId, png(96, 96, [245, 158, 11]), {
    mimetype: 'image/png',
    filename: 'figurinha.png',
  });
  const audio = await storage.save(userId, wav(1.5), { mimetype: 'audio/wav', filename: 'audio.wav' });
  const video = await storage.save(userId, wav(1), { mimetype: 'video/mp4', filename: 'video.mp4' });
  const doc = await storage.save(userId, Buffer.from('%PDF-1.4\n% orçamento de teste\n'), {
    mimetype: 'application/pdf',
    filename: 'orcamento-maio.pdf',
  });
  const media = (o: { url: string; size: number }, extra: Record<string, unknown> = {}) => ({
    mediaUrl: o.url,
    mediaSize: o.size,
    ...extra,
  });
  const typed = [
    {
      content: 'Oi! Vi o anúncio.\nVocês entregam em Campinas? Veja https://exemplo.com.br/produto?id=7.',
      messageType: 'text',
    },
    {
      content: 'Essa é a foto da vitrine',
      messageType: 'image',
      ...media(image, { mediaMimetype: 'image/png', mediaWidth: 240, mediaHeight: 160 }),
    },
    {
      content: null,
      messageType: 'sticker',
      ...media(sticker, { mediaMimetype: 'image/png', mediaWidth: 96, mediaHeight: 96 }),
    },
    { content: null, messageType: 'audio', ...media(audio, { mediaMimetype: 'audio/wav', mediaDuration: 2 }) },
    {
      content: 'Vídeo do produto',
      messageType: 'video',
      ...media(video, { mediaMimetype: 'video/mp4', mediaDuration: 1 }),
    },
    {
      content: null,
      messageType: 'document',
      ...media(doc, { mediaMimetype: 'application/pdf', mediaFilename: 'orcamento-maio.pdf' }),
    },
    {
      content: JSON.stringify({ address: 'Av. Paulista, 1000 - Bela Vista, São Paulo', lat: -23.5614, lng: -46.6559 }),
      messageType: 'location',
    },
    { content: JSON.stringify({ name: 'Carlos Lima', phone: '5511912344321' }), messageType: 'contact' },
    { content: null, messageType: 'unsupported' },
  ];
  await db.insert(messages).values(
    typed.map((m, i) => ({
      userId,
      convId: richId,
      direction: 'in' as const,
      author: 'contact' as const,
      createdAt: minutes(20 - i),
      ...m,
    })),
  );
  await db.insert(messages).values([
    {
      userId,
      convId: richId,
      direction: 'out',
      fromMe: true,
      author: 'owner_app',
      status: 'failed',
      error: 'O WhatsApp recusou o envio (número sem WhatsApp).',
      content: 'Mensagem que não foi',
      createdAt: minutes(8),
    },
    {
      userId,
      convId: richId,
      direction: 'out',
      fromMe: true,
      author: 'owner_phone',
      status: 'delivered',
      content: 'Respondi pelo celular',
      createdAt: minutes(6),
    },
    {
      userId,
      convId: richId,
      direction: 'out',
      fromMe: true,
      author: 'ai',
      status: 'read',
      content: 'Entregamos sim! O frete para Campinas é grátis.',
      createdAt: minutes(4),
      ...(input.engineStates ? { contactReaction: '👍' } : {}),
    },
    { userId, convId: richId, direction: 'in', author: 'contact', content: 'Obrigada!', createdAt: minutes(1) },
  ]);
  if (input.engineStates) {
    const [burst] = await db
      .insert(replyBursts)
      .values({
        userId,
        convId: richId,
        state: 'failed',
        reason: 'llm',
        firstMessageAt: minutes(0.6),
        lastMessageAt: minutes(0.6),
        dueAt: minutes(0.5),
      })
      .returning({ id: replyBursts.id });
    await db.insert(messages).values([
      {
        userId,
        convId: richId,
        direction: 'in',
        author: 'contact',
        content: 'Quero 3 bolos de cenoura',
        editedAt: minutes(0.7),
        createdAt: minutes(0.8),
      },
      {
        userId,
        convId: richId,
        direction: 'in',
        author: 'contact',
        content: 'mensagem enviada por engano',
        deletedAt: minutes(0.65),
        createdAt: minutes(0.7),
      },
      {
        userId,
        convId: richId,
        direction: 'out',
        fromMe: true,
        author: 'ai',
        messageType: 'ai_failure',
        status: 'failed',
        content: null,
        error: 'A IA não conseguiu responder: o provedor de IA não respondeu a tempo.',
        failedBurstId: burst!.id,
        createdAt: minutes(0.5),
      },
    ]);
  }

  if (input.aiMessages !== undefined) {
    await db
      .insert(usageMonthly)
      .values({ userId, month: monthStart().toISOString().slice(0, 10), aiMessages: input.aiMessages })
      .onConflictDoUpdate({
        target: [usageMonthly.userId, usageMonthly.month],
        set: { aiMessages: sql`excluded.ai_messages` },
      });
  }

  return { numberId, instanceName: number!.instanceName, richId, groupId: group!.id, conversationIds: plainIds };
}

/** A solid-colour PNG (valid, so the browser really draws it). */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A short 8 kHz mono WAV tone (plays in Chromium). */
function wav(seconds: number): Buffer {
  const rate = 8000;
  const samples = Math.floor(rate * seconds);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1)
    data.writeInt16LE(Math.round(Math.sin((i / rate) * 2 * Math.PI * 440) * 3000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
