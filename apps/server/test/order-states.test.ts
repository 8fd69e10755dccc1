/**
 * The order state machine (docs/decisions/055-pix-orders-state-machine.md): the allowed moves, the
 * ones refused, and `movesTo` refusing a move the table does not allow. Pure: no database.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../src/db/schema/index.ts';
import { canMoveOrder, movesTo, ORDER_MOVES } from '../src/domain/orders/order-states.ts';

describe('order state machine', () => {
  it('lists every status, and only statuses', () => {
    expect(Object.keys(ORDER_MOVES).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const to of Object.values(ORDER_MOVES).flat()) expect(ORDER_STATUSES).toContain(to);
  });

  it('goes awaiting document → charging → charged → paid → refunded', () => {
    expect(canMoveOrder('pending', 'awaiting_document')).toBe(true);
    expect(canMoveOrder('awaiting_document', 'pending')).toBe(true);
    expect(canMoveOrder('pending', 'awaiting_payment')).toBe(true);
    expect(canMoveOrder('pending', 'failed')).toBe(true);
    expect(canMoveOrder('awaiting_payment', 'expired')).toBe(true);
    expect(canMoveOrder('awaiting_payment', 'paid')).toBe(true);
    expect(canMoveOrder('expired', 'paid')).toBe(true);
    expect(canMoveOrder('paid', 'refunded')).toBe(true);
    expect(canMoveOrder('awaiting_owner', 'pending')).toBe(true);
  });

  it('refuses moves backwards or out of a final state', () => {
    expect(canMoveOrder('paid', 'awaiting_payment')).toBe(false);
    expect(canMoveOrder('paid', 'expired')).toBe(false);
    expect(canMoveOrder('refunded', 'paid')).toBe(false);
    expect(canMoveOrder('failed', 'pending')).toBe(false);
    expect(canMoveOrder('declined', 'pending')).toBe(false);
    expect(canMoveOrder('awaiting_payment', 'pending')).toBe(false);
    expect(canMoveOrder('awaiting_document', 'awaiting_payment')).toBe(false);
    expect(canMoveOrder('awaiting_owner', 'awaiting_payment')).toBe(false);
    for (const s of ['refunded', 'failed', 'declined'] as const) expect(ORDER_MOVES[s]).toEqual([]);
  });

  it('movesTo gives the sources of an allowed move and throws on any other', () => {
    expect(movesTo('paid', ['pending', 'awaiting_payment', 'expired'])).toEqual([
      'pending',
      'awaiting_payment',
      'expired',
    ]);
    expect(() => movesTo('pending', ['awaiting_payment'])).toThrow(/no move from awaiting_payment to pending/);
    expect(() => movesTo('paid', ['awaiting_payment', 'refunded'])).toThrow(/refunded/);
    expect(() => movesTo('paid', [])).toThrow();
  });
});
