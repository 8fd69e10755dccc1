import type { FunnelCard } from '@vendai/contracts/funnel';
import { describe, expect, it } from 'vitest';
import { type CardPages, withCard, withoutCard } from './cards';

const card = (convId: string, minute: number): FunnelCard => ({
  convId,
  contactName: convId,
  contactPhone: null,
  lastMessageAt: `2026-11-28T10:${String(minute).padStart(2, '0')}:00.000Z`,
  lastMessagePreview: null,
  movedBy: null,
});
const pages = (...lists: FunnelCard[][]): CardPages => ({
  pages: lists.map((items, i) => ({ items, nextCursor: i < lists.length - 1 ? `c${i}` : null })),
  pageParams: lists.map((_, i) => (i ? `c${i - 1}` : null)),
});
const ids = (d: CardPages | undefined) => d?.pages.map((p) => p.items.map((c) => c.convId));

describe('moving a card in the cache', () => {
  it('puts it in its place by latest message, in the page where it belongs', () => {
    const column = pages([card('a', 50), card('b', 40)], [card('c', 30), card('d', 20)]);
    expect(ids(withCard(column, card('x', 45)))).toEqual([
      ['a', 'x', 'b'],
      ['c', 'd'],
    ]);
    expect(ids(withCard(column, card('x', 35)))).toEqual([
      ['a', 'b'],
      ['x', 'c', 'd'],
    ]);
    expect(ids(withCard(column, card('x', 5)))).toEqual([
      ['a', 'b'],
      ['c', 'd', 'x'],
    ]);
    expect(ids(withCard(pages([]), card('x', 5)))).toEqual([['x']]);
    // Already there (a realtime re-read raced the move): not twice.
    expect(ids(withCard(column, card('c', 30)))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(withCard(undefined, card('x', 5))).toBeUndefined();
  });

  it('takes it out of every loaded page', () => {
    expect(ids(withoutCard(pages([card('a', 50)], [card('b', 40)]), 'b'))).toEqual([['a'], []]);
  });
});
