import { describe, expect, it } from 'vitest';
import type { ConversationDto, MessageDto } from '@vendai/contracts';
import {
  appendMessage,
  flattenConversations,
  flattenMessages,
  placeInFilteredList,
  replaceConversation,
  replaceMessage,
  setInsight,
  settleOptimistic,
  upsertConversation,
  type ConversationPages,
  type MessagePages,
} from './cache-updates';

const conv = (id: string, lastMessage: string, extra: Partial<ConversationDto> = {}): ConversationDto => ({
  id,
  numberId: 'n1',
  contactName: id,
  contactPhone: null,
  contactJid: `${id}@s.whatsapp.net`,
  type: 'chat',
  agenteAtivo: true,
  optedOut: false,
  handoffReason: null,
  aiResumesAt: null,
  neverAnswer: false,
  lastMessage,
  lastMessagePreview: null,
  unreadCount: 0,
  createdAt: lastMessage,
  number: { id: 'n1', instanceName: 'vendai1', phone: '5511987654321', apelido: null },
  ...extra,
});

const msg = (id: string, createdAt: string, extra: Partial<MessageDto> = {}): MessageDto => ({
  id,
  convId: 'c1',
  direction: 'in',
  content: id,
  fromMe: false,
  author: 'contact',
  messageType: 'text',
  status: 'received',
  error: null,
  createdAt,
  media: null,
  ...extra,
});

const pages = (...ps: { items: ConversationDto[]; nextCursor: string | null }[]): ConversationPages => ({
  pages: ps,
  pageParams: ps.map((_, i) => (i === 0 ? null : `c${i}`)),
});

describe('conversas no cache', () => {
  const a = conv('a', '2025-03-12T10:00:00Z');
  const b = conv('b', '2025-03-12T09:00:00Z');
  const c = conv('c', '2025-03-11T09:00:00Z');

  it('uma conversa atualizada com mensagem nova sobe para o topo, sem duplicar', () => {
    const data = pages({ items: [a, b], nextCursor: 'x' }, { items: [c], nextCursor: null });
    const next = upsertConversation(data, { ...c, lastMessage: '2025-03-12T11:00:00Z', unreadCount: 1 });
    const list = flattenConversations(next);
    expect(list.map((x) => x.id)).toEqual(['c', 'a', 'b']);
    expect(list[0]!.unreadCount).toBe(1);
  });

  it('uma conversa mais antiga que tudo o que está carregado espera a próxima página', () => {
    const data = pages({ items: [a, b], nextCursor: 'x' });
    const old = conv('old', '2024-01-01T00:00:00Z');
    expect(flattenConversations(upsertConversation(data, old)).map((x) => x.id)).toEqual(['a', 'b']);
    // With every page loaded it shows at once, at its place.
    const all = pages({ items: [a, b], nextCursor: null });
    expect(flattenConversations(upsertConversation(all, old)).map((x) => x.id)).toEqual(['a', 'b', 'old']);
  });

  it('empates de horário seguem o id decrescente, como o servidor', () => {
    const t = '2025-03-12T10:00:00Z';
    const data = pages({ items: [conv('x1', t), conv('x3', t)], nextCursor: null });
    expect(flattenConversations(upsertConversation(data, conv('x2', t))).map((x) => x.id)).toEqual(['x3', 'x2', 'x1']);
  });
});

describe('lista filtrada (por etiqueta)', () => {
  it('troca só a conversa que já está nela e nunca acrescenta outra', () => {
    const data = pages({ items: [conv('a', '2026-01-02T10:00:00Z')], nextCursor: null });
    const moved = replaceConversation(data, conv('a', '2026-01-03T10:00:00Z', { unreadCount: 2 }));
    expect(moved!.pages[0]!.items).toEqual([conv('a', '2026-01-03T10:00:00Z', { unreadCount: 2 })]);
    expect(replaceConversation(data, conv('b', '2026-01-04T10:00:00Z'))).toBe(data);
    expect(replaceConversation(undefined, conv('a', '2026-01-04T10:00:00Z'))).toBeUndefined();
  });
});

describe('mensagens no cache', () => {
  const data: MessagePages = {
    pages: [
      { items: [msg('m3', '2025-03-12T10:03:00Z'), msg('m4', '2025-03-12T10:04:00Z')], nextCursor: 'older' },
      { items: [msg('m1', '2025-03-12T10:01:00Z'), msg('m2', '2025-03-12T10:02:00Z')], nextCursor: null },
    ],
    pageParams: [null, 'older'],
  };

  it('mostra da mais antiga para a mais nova', () => {
    expect(flattenMessages(data).map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('uma mensagem nova entra no fim; a mesma mensagem de novo não duplica', () => {
    const next = appendMessage(
      appendMessage(data, msg('m5', '2025-03-12T10:05:00Z')),
      msg('m5', '2025-03-12T10:05:00Z', { status: 'read' }),
    );
    const list = flattenMessages(next);
    expect(list.map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(list.at(-1)!.status).toBe('read');
  });

  it('a mensagem guardada substitui a bolha otimista, chegue ela pelo tempo real ou pela resposta', () => {
    const optimistic = msg('enviando-1', '2025-03-12T10:06:00Z', {
      author: 'owner_app',
      fromMe: true,
      direction: 'out',
      status: 'pending',
      content: 'Oi!',
    });
    const withTemp = appendMessage(data, optimistic);
    const stored = msg('m6', '2025-03-12T10:06:01Z', {
      author: 'owner_app',
      fromMe: true,
      direction: 'out',
      status: 'sent',
      content: 'Oi!',
    });

    // Realtime first, then the POST answer.
    const viaRealtime = settleOptimistic(appendMessage(withTemp, stored), 'enviando-1', stored);
    expect(flattenMessages(viaRealtime).map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm6']);

    // The POST answer alone.
    expect(flattenMessages(settleOptimistic(withTemp, 'enviando-1', stored)).map((m) => m.id)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm6',
    ]);

    // A failure removes the bubble.
    expect(flattenMessages(settleOptimistic(withTemp, 'enviando-1', null)).map((m) => m.id)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
    ]);
  });
});

describe('media insights (decision 016)', () => {
  const insight = {
    messageId: 'a1',
    convId: 'c1',
    kind: 'transcript' as const,
    state: 'done' as const,
    text: 'Quanto custa o bolo?',
    reason: null,
  };
  const pages = (items: MessageDto[]): MessagePages => ({
    pages: [{ items, nextCursor: null }],
    pageParams: [undefined],
  });

  it('puts a transcript on its voice note, and a later status update keeps it', () => {
    const data = pages([
      msg('a1', '2026-01-01T10:00:00Z', { messageType: 'audio' }),
      msg('t1', '2026-01-01T10:00:01Z'),
    ]);
    const withInsight = setInsight(data, insight);
    expect(flattenMessages(withInsight).map((m) => m.insight ?? null)).toEqual([insight, null]);
    const updated = replaceMessage(withInsight, msg('a1', '2026-01-01T10:00:00Z', { messageType: 'audio' }));
    expect(flattenMessages(updated)[0]!.insight).toEqual(insight);
  });
});

describe("the queue tabs' cached lists (decision 044)", () => {
  const mine = { assignment: 'mine' as const, personId: 'ana' };
  const unassigned = { assignment: 'unassigned' as const };
  const one = (...items: ConversationDto[]) => pages({ items, nextCursor: null });
  const at = (id: string, day: string, assignedUserId?: string | null) =>
    conv(id, `2026-01-${day}T10:00:00Z`, assignedUserId === undefined ? {} : { assignedUserId });
  const ids = (data: ConversationPages | undefined) => flattenConversations(data).map((c) => c.id);

  it("a conversation assigned to me joins 'Minhas' and leaves 'Sem responsável'", () => {
    expect(ids(placeInFilteredList(one(at('b', '01', 'ana')), at('a', '02', 'ana'), mine))).toEqual(['a', 'b']);
    expect(ids(placeInFilteredList(one(at('a', '01', null)), at('a', '02', 'ana'), unassigned))).toEqual([]);
  });

  it("assigned to someone else, it leaves 'Minhas'; cleared, it joins 'Sem responsável'", () => {
    expect(ids(placeInFilteredList(one(at('a', '01', 'ana')), at('a', '01', 'bruno'), mine))).toEqual([]);
    expect(ids(placeInFilteredList(one(), at('a', '01', null), unassigned))).toEqual(['a']);
  });

  it('an event that does not say who it is assigned to only updates a row in place', () => {
    const data = one(at('a', '01', 'ana'));
    expect(flattenConversations(placeInFilteredList(data, at('a', '03'), mine))[0]!.lastMessage).toBe(
      '2026-01-03T10:00:00Z',
    );
    expect(ids(placeInFilteredList(data, at('z', '03'), mine))).toEqual(['a']);
  });
});
