import { describe, expect, it } from 'vitest';
import { toRequestMessages } from './playground-chat';

describe('toRequestMessages', () => {
  it('maps the owner to the customer (user) and each agent bubble to an assistant message, skipping error bubbles', () => {
    const at = '2026-01-01T12:00:00Z';
    expect(
      toRequestMessages([
        { id: 1, tipo: 'user', texto: 'Oi', timestamp: at },
        { id: 2, tipo: 'ai', texto: 'Olá!', timestamp: at },
        { id: 3, tipo: 'ai', texto: 'Como posso ajudar?', timestamp: at },
        { id: 4, tipo: 'user', texto: 'Preço?', timestamp: at },
        { id: 5, tipo: 'ai', texto: 'Desculpe, ocorreu um erro. Tente novamente.', timestamp: at, failed: true },
        { id: 6, tipo: 'user', texto: 'Preço?', timestamp: at },
      ]),
    ).toEqual([
      { role: 'user', text: 'Oi' },
      { role: 'assistant', text: 'Olá!' },
      { role: 'assistant', text: 'Como posso ajudar?' },
      { role: 'user', text: 'Preço?' },
      { role: 'user', text: 'Preço?' },
    ]);
  });
});
