/**
 * The inbox read API (docs/decisions/006-realtime-and-storage.md): keyset pages of conversations and messages, the AI/Manual switch,
 * clearing the unread count, contact pictures, and ownership on every route. Conversations and
 * messages are written straight into the database here (the engine's webhooks are tested with the
 * engine); everything is read back over HTTP as the browser does.
 */
import { randomUUID } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConversationDto, MessageDto, RealtimeEvent } from '@vendai/contracts';
import { conversations, messages, numbers } from '../src/db/schema/index.ts';
import { realtimeFence } from './helpers/realtime-events.ts';
import { createTestApp, newPerson, type TestApp, type TestClient } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Não encontrado.' } };

interface Person {
  client: TestClient;
  userId: string;
  numberId: string;
}

let seq = 0;
async function personWithNumber(apelido: string | null = 'Loja Centro'): Promise<Person> {
  const client = t.client();
  const res = await client.register(newPerson());
  expect(res.statusCode).toBe(201);
  const userId = res.json().user.id as string;
  seq += 1;
  const suffix = `${Date.now()}${seq}`.slice(-8);
  const [number] = await t.database.db
    .insert(numbers)
    .values({
      userId,
      token: `tok-${suffix}`,
      phone: `55119${suffix}`,
      instanceName: `vendai${suffix}`,
      apelido,
      status: 'CONECTADO',
    })
    .returning();
  return { client, userId, numberId: number!.id };
}

/** Inserts conversations with explicit last_message values (text, so microseconds survive). */
async function seedConversations(
  p: Person,
  lastMessages: string[],
  extra: Partial<typeof conversations.$inferInsert> = {},
) {
  const rows = lastMessages.map((at, i) => ({
    userId: p.userId,
    numberId: p.numberId,
    contactJid: `55219${String(seq).padStart(3, '0')}${String(i).padStart(5, '0')}@s.whatsapp.net`,
    contactPhone: `55219${String(seq).padStart(3, '0')}${String(i).padStart(5, '0')}`,
    contactName: `Cliente ${i}`,
    lastMessage: sql`${at}::timestamptz` as unknown as Date,
    lastMessagePreview: `mensagem ${i}`,
    ...extra,
  }));
  seq += 1;
  return t.database.db.insert(conversations).values(rows).returning({ id: conversations.id });
}

async function allPages<T>(client: TestClient, base: string): Promise<{ pages: T[][]; cursors: (string | null)[] }> {
  const pages: T[][] = [];
  const cursors: (string | null)[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 20; guard += 1) {
    const res = await client.get(cursor ? `${base}?cursor=${encodeURIComponent(cursor)}` : base);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: T[]; nextCursor: string | null };
    pages.push(body.items);
    cursors.push(body.nextCursor);
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  return { pages, cursors };
}

function patch(client: TestClient, url: string, payload: unknown) {
  return client.request({ method: 'PATCH', url, payload: payload as object });
}

/** Events the realtime hub delivers to one user in this process. */
function listen(userId: string): RealtimeEvent[] {
  const events: RealtimeEvent[] = [];
  t.app.deps.realtime.subscribe(userId, (e) => events.push(e));
  return events;
}

/** Polls `check` until it passes (vitest's vi.waitFor), or fails with its last error. */
const eventually = (check: () => void, timeoutMs = 10_000) => vi.waitFor(check, { timeout: timeoutMs, interval: 20 });

describe('GET /api/conversations', () => {
  it('a new account has no conversations and no next page', async () => {
    const p = await personWithNumber();
    const res = await p.client.get('/api/conversations');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], nextCursor: null });
    expect((await p.client.get('/api/conversations/count')).json()).toEqual({ total: 0 });
  });

  it('pages 30 at a time by last message then id, with ties on last_message neither skipped nor repeated', async () => {
    const p = await personWithNumber();
    // 75 conversations: 40 share one instant exactly, 20 more share another, and a few differ only
    // in the microseconds (JavaScript dates would round them together).
    const same = Array.from({ length: 40 }, () => '2025-03-10T14:00:00.123456Z');
    const other = Array.from({ length: 20 }, () => '2025-03-09T09:30:00.000000Z');
    const micro = Array.from({ length: 15 }, (_, i) => `2025-03-10T14:00:00.123${String(400 + i).padStart(3, '0')}Z`);
    await seedConversations(p, [...same, ...other, ...micro]);

    const { pages, cursors } = await allPages<ConversationDto>(p.client, '/api/conversations');
    expect(pages.map((x) => x.length)).toEqual([30, 30, 15]);
    expect(cursors.at(-1)).toBeNull();

    const seen = pages.flat();
    expect(new Set(seen.map((c) => c.id)).size).toBe(75);

    // The order the database defines: last_message desc, then id desc.
    const expected = await t.database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.userId, p.userId))
      .orderBy(desc(conversations.lastMessage), desc(conversations.id));
    expect(seen.map((c) => c.id)).toEqual(expected.map((r) => r.id));

    expect((await p.client.get('/api/conversations/count')).json()).toEqual({ total: 75 });
  });

  it('answers each row with the number it came through and the display data', async () => {
    const p = await personWithNumber('Loja Centro');
    await seedConversations(p, ['2025-01-01T10:00:00.000000Z'], {
      contactName: null,
      unreadCount: 7,
      type: 'group',
      agenteAtivo: false,
    });
    const [row] = (await p.client.get('/api/conversations')).json().items as ConversationDto[];
    const [number] = await t.database.db.select().from(numbers).where(eq(numbers.id, p.numberId));
    expect(row).toMatchObject({
      numberId: p.numberId,
      contactName: null,
      type: 'group',
      agenteAtivo: false,
      unreadCount: 7,
      lastMessage: '2025-01-01T10:00:00.000Z',
      lastMessagePreview: 'mensagem 0',
      number: { id: p.numberId, instanceName: number!.instanceName, phone: number!.phone, apelido: 'Loja Centro' },
    });
  });

  it('never shows another user’s conversations, in pages or in the count', async () => {
    const mine = await personWithNumber();
    const theirs = await personWithNumber();
    await seedConversations(mine, ['2025-02-01T10:00:00.000000Z', '2025-02-02T10:00:00.000000Z']);
    await seedConversations(theirs, ['2025-02-03T10:00:00.000000Z']);
    const items = (await mine.client.get('/api/conversations')).json().items as ConversationDto[];
    expect(items).toHaveLength(2);
    expect(items.every((c) => c.numberId === mine.numberId)).toBe(true);
    expect((await mine.client.get('/api/conversations/count')).json()).toEqual({ total: 2 });
  });

  it('a malformed cursor is a 400 in Portuguese, not a 500', async () => {
    const p = await personWithNumber();
    for (const cursor of [
      'nao-e-cursor',
      Buffer.from('2025-01-01|x').toString('base64url'),
      Buffer.from(`ontem|${randomUUID()}`).toString('base64url'),
    ]) {
      const res = await p.client.get(`/api/conversations?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION',
        message: 'Página inválida. Recarregue a lista e tente novamente.',
      });
    }
  });

  it('needs a session, on every route', async () => {
    const anon = t.client();
    const id = randomUUID();
    for (const url of [
      '/api/conversations',
      '/api/conversations/count',
      `/api/conversations/${id}`,
      `/api/conversations/${id}/messages`,
      `/api/conversations/${id}/avatar`,
    ]) {
      expect((await anon.get(url)).statusCode, url).toBe(401);
    }
    expect((await patch(anon, `/api/conversations/${id}`, { agente_ativo: false })).statusCode).toBe(401);
    expect((await anon.post(`/api/conversations/${id}/read`)).statusCode).toBe(401);
  });
});

describe('GET /api/conversations/:id/messages', () => {
  async function seedMessages(
    p: Person,
    convId: string,
    createdAts: string[],
    extra: Partial<typeof messages.$inferInsert> = {},
  ) {
    const rows = createdAts.map((at, i) => ({
      userId: p.userId,
      convId,
      direction: 'in' as const,
      author: 'contact' as const,
      content: `msg ${i}`,
      createdAt: sql`${at}::timestamptz` as unknown as Date,
      ...extra,
    }));
    return t.database.db.insert(messages).values(rows).returning({ id: messages.id });
  }

  it('answers the latest 30 oldest-first, then older pages by (created_at, id) through ties', async () => {
    const p = await personWithNumber();
    const [conv] = await seedConversations(p, ['2025-04-01T12:00:00.000000Z']);
    const stamps = [
      ...Array.from({ length: 25 }, () => '2025-04-01T11:00:00.500000Z'),
      ...Array.from({ length: 30 }, (_, i) => `2025-04-01T11:${String(10 + i).padStart(2, '0')}:00.000000Z`),
      ...Array.from({ length: 10 }, (_, i) => `2025-04-01T11:00:00.5000${String(10 + i)}Z`),
    ];
    await seedMessages(p, conv!.id, stamps);

    const { pages, cursors } = await allPages<MessageDto>(p.client, `/api/conversations/${conv!.id}/messages`);
    expect(pages.map((x) => x.length)).toEqual([30, 30, 5]);
    expect(cursors.at(-1)).toBeNull();

    // Rendered top to bottom: the oldest page first, each page oldest first.
    const timeline = [...pages].reverse().flat();
    const expected = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.convId, conv!.id))
      .orderBy(asc(messages.createdAt), asc(messages.id));
    expect(timeline.map((m) => m.id)).toEqual(expected.map((r) => r.id));
    expect(pages[0]!.at(-1)!.content).toBe('msg 54'); // the newest: 11:39
  });

  it('maps every field of a message, media included, and unknown types to unsupported', async () => {
    const p = await personWithNumber();
    const [conv] = await seedConversations(p, ['2025-04-02T12:00:00.000000Z']);
    await seedMessages(p, conv!.id, ['2025-04-02T10:00:00.000000Z'], {
      messageType: 'document',
      content: null,
      mediaUrl: '/api/media/abc',
      mediaFilename: 'orcamento.pdf',
      mediaMimetype: 'application/pdf',
      mediaSize: 52_341,
    });
    await seedMessages(p, conv!.id, ['2025-04-02T10:01:00.000000Z'], {
      direction: 'out',
      fromMe: true,
      author: 'owner_app',
      status: 'failed',
      error: 'Falha ao enviar pelo WhatsApp (503).',
    });
    await seedMessages(p, conv!.id, ['2025-04-02T10:02:00.000000Z'], {
      messageType: 'pollCreationMessage',
      content: null,
    });

    const { items } = (await p.client.get(`/api/conversations/${conv!.id}/messages`)).json() as { items: MessageDto[] };
    expect(items[0]).toMatchObject({
      convId: conv!.id,
      direction: 'in',
      author: 'contact',
      messageType: 'document',
      status: 'received',
      media: {
        url: '/api/media/abc',
        filename: 'orcamento.pdf',
        mimetype: 'application/pdf',
        size: 52_341,
        duration: null,
        width: null,
        height: null,
        thumbnailUrl: null,
      },
    });
    expect(items[1]).toMatchObject({
      direction: 'out',
      fromMe: true,
      author: 'owner_app',
      status: 'failed',
      error: 'Falha ao enviar pelo WhatsApp (503).',
      media: null,
    });
    expect(items[2]).toMatchObject({ messageType: 'unsupported' });
  });
});

describe('ownership: another user’s conversation is a 404 on every route', () => {
  it('GET, PATCH, read, messages and avatar all answer 404 for another user’s id, an unknown id and a non-uuid', async () => {
    const owner = await personWithNumber();
    const intruder = await personWithNumber();
    const [conv] = await seedConversations(owner, ['2025-05-01T10:00:00.000000Z'], { unreadCount: 3 });

    for (const id of [conv!.id, randomUUID(), 'nao-e-um-id']) {
      const calls = [
        intruder.client.get(`/api/conversations/${id}`),
        patch(intruder.client, `/api/conversations/${id}`, { agente_ativo: false }),
        intruder.client.post(`/api/conversations/${id}/read`),
        intruder.client.get(`/api/conversations/${id}/messages`),
        intruder.client.get(`/api/conversations/${id}/avatar`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, `${res.raw.req.method} ${res.raw.req.url}`).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    }
    // Nothing changed for the owner.
    const mine = (await owner.client.get(`/api/conversations/${conv!.id}`)).json() as ConversationDto;
    expect(mine).toMatchObject({ agenteAtivo: true, unreadCount: 3 });
  });
});

describe('PATCH /api/conversations/:id (AI/Manual switch)', () => {
  it('switches to Manual and back, and tells the owner’s open tabs', async () => {
    const p = await personWithNumber();
    const [conv] = await seedConversations(p, ['2025-06-01T10:00:00.000000Z'], { optedOut: true, agenteAtivo: false });
    const events = listen(p.userId);

    const on = await patch(p.client, `/api/conversations/${conv!.id}`, { agente_ativo: true });
    expect(on.statusCode).toBe(200);
    // The owner turning the AI back on also lifts the contact's opt-out: the switch means what it shows.
    expect(on.json()).toMatchObject({ id: conv!.id, agenteAtivo: true, optedOut: false });

    const off = await patch(p.client, `/api/conversations/${conv!.id}`, { agente_ativo: false });
    expect(off.json()).toMatchObject({ agenteAtivo: false });
    expect((await p.client.get(`/api/conversations/${conv!.id}`)).json().agenteAtivo).toBe(false);

    await eventually(() =>
      expect(
        events.filter((e) => e.event === 'conversation.updated').map((e) => (e.data as ConversationDto).agenteAtivo),
      ).toEqual([true, false]),
    );
  });

  it('a group cannot switch: 400 in Portuguese and nothing stored', async () => {
    const p = await personWithNumber();
    const [group] = await seedConversations(p, ['2025-06-02T10:00:00.000000Z'], {
      type: 'group',
      agenteAtivo: false,
      contactJid: '120363000000000001@g.us',
    });
    const res = await patch(p.client, `/api/conversations/${group!.id}`, { agente_ativo: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION',
      message: 'Não é possível alterar a IA em grupos: a IA fica desativada para grupos.',
    });
    expect((await p.client.get(`/api/conversations/${group!.id}`)).json().agenteAtivo).toBe(false);
  });

  it('a body without a boolean agente_ativo is a 400 in Portuguese', async () => {
    const p = await personWithNumber();
    const [conv] = await seedConversations(p, ['2025-06-03T10:00:00.000000Z']);
    for (const body of [{}, { agente_ativo: 'sim' }, { agente_ativo: null }]) {
      const res = await patch(p.client, `/api/conversations/${conv!.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe('Informe se a IA deve ficar ativa (agente_ativo verdadeiro ou falso).');
    }
  });
});

describe('POST /api/conversations/:id/read', () => {
  it('clears the unread count once and tells the open tabs', async () => {
    const p = await personWithNumber();
    const [conv] = await seedConversations(p, ['2025-07-01T10:00:00.000000Z'], { unreadCount: 140 });
    const events = listen(p.userId);

    const res = await p.client.post(`/api/conversations/${conv!.id}/read`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: conv!.id, unreadCount: 0 });
    expect((await p.client.get(`/api/conversations/${conv!.id}`)).json().unreadCount).toBe(0);

    // Reading an already-read conversation sends nothing more.
    expect((await p.client.post(`/api/conversations/${conv!.id}/read`)).statusCode).toBe(200);
    const fence = realtimeFence();
    await t.app.deps.realtime.publish(p.userId, fence.event);
    await eventually(() => expect(events.some(fence.is)).toBe(true), 15_000);
    expect(events.filter((e) => !fence.is(e)).map((e) => e.event)).toEqual(['conversation.updated']);
  });
});

describe('GET /api/conversations/:id/avatar', () => {
  it('answers a url or null, never an error, for the owner’s conversation', async () => {
    const p = await personWithNumber();
    const [conv] = await seedConversations(p, ['2025-08-01T10:00:00.000000Z']);
    const res = await p.client.get(`/api/conversations/${conv!.id}/avatar`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { url: string | null };
    expect(Object.keys(body)).toEqual(['url']);
    expect(body.url === null || typeof body.url === 'string').toBe(true);
  });
});
