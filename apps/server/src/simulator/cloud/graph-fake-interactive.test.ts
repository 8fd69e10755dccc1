/**
 * The Cloud stand-in refuses reply buttons as Meta does
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/interactive-reply-buttons-messages:
 * up to three reply buttons, titles of at most 20 characters, ids of at most 256, unique).
 */
import { describe, expect, it } from 'vitest';
import { checkInteractive } from './graph-fake-interactive.ts';

const button = (title: string, id = title) => ({ type: 'reply', reply: { id, title } });
const message = (buttons: unknown[], text = 'Lembrete do seu horário') => ({
  type: 'button',
  body: { text },
  action: { buttons },
});

describe('checkInteractive', () => {
  it('accepts the reminder’s three buttons', () => {
    expect(checkInteractive(message([button('Confirmar'), button('Remarcar'), button('Cancelar')]))).toBeNull();
  });
  it('refuses a fourth button, a title over 20 characters, a repeated title, an empty body', () => {
    const four = ['a', 'b', 'c', 'd'].map((t) => button(t));
    expect(checkInteractive(message(four))).toMatchObject({ code: 131009, details: expect.stringContaining('Max: 3') });
    expect(checkInteractive(message([button('Confirmar meu horário já')]))).toMatchObject({
      details: expect.stringContaining('Max length: 20'),
    });
    expect(checkInteractive(message([button('Sim', '1'), button('Sim', '2')]))?.details).toContain('unique');
    expect(checkInteractive(message([button('Sim')], ''))?.details).toContain('Body text');
    expect(checkInteractive(message([button('Sim', 'x'.repeat(257))]))?.details).toContain('Button id');
    expect(checkInteractive({ ...message([button('Sim')]), type: 'list' })).not.toBeNull();
  });
});
