import { agentTestExpectationSchema } from '@vendai/contracts';
import { describe, expect, it } from 'vitest';
import type { AllowedAmounts } from '../../domain/price-guard/check-reply.ts';
import { type CheckedReply, deterministicChecks, structuredChecks } from './checks.ts';

const allowed: AllowedAmounts = { cents: new Set([18000, 15000]), percents: new Set(), discountsAllowed: false };
const noFlags = { handoff: false, needsOwner: false, hotLead: false, silent: false };
const reply = (text: string, extra: Partial<CheckedReply> = {}): CheckedReply => ({
  reply: text,
  flags: noFlags,
  blocked: null,
  ...extra,
});
const expectation = (e: object) => agentTestExpectationSchema.parse(e);
const failed = (checks: { passed: boolean; label: string }[]) => checks.filter((c) => !c.passed).map((c) => c.label);

describe('deterministic checks', () => {
  it('must / must not contain ignore accents, case and spaces', () => {
    const e = expectation({ mustContain: ['pix', 'entrega grátis'], mustNotContain: ['boleto'] });
    expect(failed(deterministicChecks(reply('Aceitamos PIX e a Entrega  gratis é aqui!'), e, allowed))).toEqual([]);
    expect(failed(deterministicChecks(reply('Só boleto.'), e, allowed))).toEqual([
      'Deve conter “pix”',
      'Deve conter “entrega grátis”',
      'Não pode conter “boleto”',
    ]);
  });

  it('maximum length', () => {
    const e = expectation({ maxLength: 20, onlyKnownAmounts: false, noUnallowedDiscount: false });
    expect(deterministicChecks(reply('Curta.'), e, allowed)[0]!.passed).toBe(true);
    const long = deterministicChecks(reply('Uma resposta bem mais longa que vinte.'), e, allowed)[0]!;
    expect(long).toMatchObject({ passed: false, detail: 'A resposta tem 38 caracteres.' });
  });

  it('no amount outside the catalogue, including one the price guard held back', () => {
    const e = expectation({});
    expect(failed(deterministicChecks(reply('O bolo sai por R$ 180,00.'), e, allowed))).toEqual([]);
    const invented = deterministicChecks(reply('O bolo sai por R$ 99,90.'), e, allowed);
    expect(failed(invented)).toEqual(['Nenhum valor fora do catálogo']);
    expect(invented[0]!.detail).toContain('R$ 99,90');
    const held = reply('Vou confirmar o valor e já te respondo.', {
      blocked: { ok: false, unknownCents: [12000], discount: false, reason: '' },
    });
    expect(failed(deterministicChecks(held, e, allowed))).toEqual(['Nenhum valor fora do catálogo']);
  });

  it('no discount unless allowed', () => {
    const e = expectation({});
    expect(failed(deterministicChecks(reply('Consigo te dar 10% de desconto!'), e, allowed))).toEqual([
      'Nenhum desconto sem autorização',
    ]);
    const ok = { ...allowed, discountsAllowed: true };
    expect(failed(deterministicChecks(reply('Consigo te dar 10% de desconto!'), e, ok))).toEqual([]);
    expect(failed(deterministicChecks(reply('Não temos desconto, mas o bolo vale a pena.'), e, allowed))).toEqual([]);
  });
});

describe('structured checks', () => {
  it('compares only the flags the owner stated', () => {
    const e = expectation({ handoff: true, hotLead: false });
    expect(structuredChecks({ ...noFlags, handoff: true, needsOwner: true }, e).every((c) => c.passed)).toBe(true);
    const checks = structuredChecks({ ...noFlags, hotLead: true }, e);
    expect(checks.map((c) => [c.label, c.passed])).toEqual([
      ['Passa o atendimento para uma pessoa', false],
      ['Não marca como pronto para comprar', false],
    ]);
    expect(structuredChecks(noFlags, expectation({}))).toEqual([]);
  });
});
