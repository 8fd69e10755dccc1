import { describe, expect, it } from 'vitest';
import type { ConversationDto } from '@vendai/contracts';
import { flattenConversations, placeInFilteredList, type ConversationPages } from './cache-updates';

const conv = (id: string, lastMessage: string, assignedUserId?: string | null): ConversationDto => ({
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
  ...(assignedUserId === undefined ? {} : { assignedUserId }),
  number: { id: 'n1', instanceName: 'vendai1', phone: '5511987654321', apelido: null },
});

const pages = (...items: ConversationDto[]): ConversationPages => ({
  pages: [{ items, nextCursor: null }],
  pageParams: [null],
});
const ids = (data: ConversationPages | undefined) => flattenConversations(data).map((c) => c.id);

describe("the queue tabs' cached lists (decision 044)", () => {
  const mine = { assignment: 'mine' as const, personId: 'ana' };
  const unassigned = { assignment: 'unassigned' as const };

  it("a conversation assigned to me joins 'Minhas' and leaves 'Sem responsável'", () => {
    const a = conv('a', '2026-01-02T10:00:00Z', 'ana');
    expect(ids(placeInFilteredList(pages(conv('b', '2026-01-01T10:00:00Z', 'ana')), a, mine))).toEqual(['a', 'b']);
    expect(ids(placeInFilteredList(pages(conv('a', '2026-01-01T10:00:00Z', null)), a, unassigned))).toEqual([]);
  });

  it("assigned to someone else, it leaves 'Minhas'; cleared, it joins 'Sem responsável'", () => {
    expect(
      ids(
        placeInFilteredList(
          pages(conv('a', '2026-01-01T10:00:00Z', 'ana')),
          conv('a', '2026-01-01T10:00:00Z', 'bruno'),
          mine,
        ),
      ),
    ).toEqual([]);
    expect(ids(placeInFilteredList(pages(), conv('a', '2026-01-01T10:00:00Z', null), unassigned))).toEqual(['a']);
  });

  it('an event that does not say who it is assigned to only updates a row in place', () => {
    const data = pages(conv('a', '2026-01-01T10:00:00Z', 'ana'));
    const updated = placeInFilteredList(data, conv('a', '2026-01-03T10:00:00Z'), mine);
    expect(flattenConversations(updated)[0]!.lastMessage).toBe('2026-01-03T10:00:00Z');
    expect(ids(placeInFilteredList(data, conv('z', '2026-01-03T10:00:00Z'), mine))).toEqual(['a']);
  });
});
