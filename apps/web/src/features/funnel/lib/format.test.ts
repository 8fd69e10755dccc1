import { describe, expect, it } from 'vitest';
import { cardName, lastMessageTime } from './format';

describe('funnel card text', () => {
  it('names the customer, else the number', () => {
    expect(cardName({ contactName: ' Ana ', contactPhone: '5511999990000' })).toBe('Ana');
    expect(cardName({ contactName: null, contactPhone: null })).toBe('Contato');
    expect(cardName({ contactName: '', contactPhone: '5511999990000' })).toMatch(/99999-0000/);
  });

  it('says when the last message was', () => {
    const now = new Date(2026, 10, 28, 15, 0);
    expect(lastMessageTime(new Date(2026, 10, 28, 14, 59, 30).toISOString(), now)).toBe('agora');
    expect(lastMessageTime(new Date(2026, 10, 28, 9, 5).toISOString(), now)).toBe('09:05');
    expect(lastMessageTime(new Date(2026, 10, 27, 23, 0).toISOString(), now)).toBe('ontem');
    expect(lastMessageTime(new Date(2026, 2, 12, 10, 0).toISOString(), now)).toBe('12/03');
    expect(lastMessageTime(new Date(2025, 2, 12, 10, 0).toISOString(), now)).toBe('12/03/25');
  });
});
