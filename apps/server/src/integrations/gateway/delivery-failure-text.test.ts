import { describe, expect, it } from 'vitest';
import { deliveryFailureText } from './delivery-failure-text.ts';

describe('deliveryFailureText', () => {
  it('says the generic reason when the gateway gives none (Evolution)', () => {
    expect(deliveryFailureText(undefined)).toBe('O WhatsApp não entregou a mensagem.');
    expect(deliveryFailureText([])).toBe('O WhatsApp não entregou a mensagem.');
    expect(deliveryFailureText([{ title: 'sem código' }])).toBe('O WhatsApp não entregou a mensagem.');
  });

  it("explains Meta's documented codes in Portuguese", () => {
    expect(deliveryFailureText([{ code: 131047, title: 'Re-engagement message' }])).toContain('24 horas');
    expect(deliveryFailureText([{ code: 131050 }])).toContain('marketing');
    expect(deliveryFailureText([{ code: 132001, title: 'Template name does not exist' }])).toBe(
      'Problema com o modelo de mensagem na Meta (#132001).',
    );
  });

  it("names an unknown code with Meta's title, cut short", () => {
    expect(deliveryFailureText([{ code: 135000, title: 'Generic user error' }])).toBe(
      'O WhatsApp não entregou a mensagem (Meta #135000: Generic user error).',
    );
    expect(deliveryFailureText([{ code: 1, title: 'x'.repeat(500) }]).length).toBeLessThan(180);
  });
});
