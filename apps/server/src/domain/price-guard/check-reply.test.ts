import { describe, expect, it } from 'vitest';
import { checkReply, findDiscounts } from './check-reply.ts';

const allowed = { cents: new Set([8000, 12000, 8990]), percents: new Set([5]), discountsAllowed: false };

describe('checkReply', () => {
  it('lets through catalogue prices in any form', () => {
    for (const reply of ['Custa R$ 80,00.', 'São oitenta reais', 'De R$ 80 a 120', 'cento e vinte reais', 'R$89,90'])
      expect(checkReply(reply, allowed)).toEqual({ ok: true });
  });
  it('blocks an invented price, in figures or in words, and says which', () => {
    const verdict = checkReply('Esse sai por R$ 95', allowed);
    expect(verdict).toMatchObject({ ok: false, unknownCents: [9500], discount: false });
    expect(!verdict.ok && verdict.reason).toContain('R$ 95,00');
    expect(checkReply('fica noventa e cinco reais', allowed)).toMatchObject({ ok: false, unknownCents: [9500] });
    expect(checkReply('De R$ 80 a 150', allowed)).toMatchObject({ ok: false, unknownCents: [15000] });
  });
  it('blocks discounts the owner did not allow, allows what the owner wrote or allowed', () => {
    expect(checkReply('Consigo te dar 10% de desconto!', allowed)).toMatchObject({ ok: false, discount: true });
    expect(checkReply('Posso fazer um desconto especial pra você', allowed)).toMatchObject({
      ok: false,
      discount: true,
    });
    expect(checkReply('No Pix tem 5% de desconto', allowed)).toEqual({ ok: true });
    expect(checkReply('Infelizmente não temos desconto, mas parcelamos.', allowed)).toEqual({ ok: true });
    expect(checkReply('Consigo 10% de desconto', { ...allowed, discountsAllowed: true })).toEqual({ ok: true });
    expect(checkReply('100% algodão', allowed)).toEqual({ ok: true });
  });
  it('with nothing allowed, any amount is blocked and text without amounts passes', () => {
    const none = { cents: new Set<number>(), percents: new Set<number>(), discountsAllowed: false };
    expect(checkReply('Custa R$ 10', none)).toMatchObject({ ok: false });
    expect(checkReply('Vou confirmar e já te respondo.', none)).toEqual({ ok: true });
  });
});

describe('findDiscounts', () => {
  it('reads offers and percentages, not refusals', () => {
    expect(findDiscounts('Dez por cento de desconto no Pix')).toEqual({ offered: true, percents: [10] });
    expect(findDiscounts('Não damos desconto.')).toEqual({ offered: false, percents: [] });
  });
});
