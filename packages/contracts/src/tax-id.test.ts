import { describe, expect, it } from 'vitest';
import { findTaxId, formatTaxId, normalizeTaxId } from './tax-id.ts';

describe('CPF e CNPJ de quem paga', () => {
  it('aceita CPF e CNPJ com ou sem máscara, e recusa dígitos verificadores errados', () => {
    expect(normalizeTaxId('123.456.789-09')).toBe('12345678909');
    expect(normalizeTaxId('123 456 789 09')).toBe('12345678909');
    expect(normalizeTaxId('12345678900')).toBeNull();
    expect(normalizeTaxId('000.000.000-00')).toBeNull();
    expect(normalizeTaxId('12.345.678/0001-95')).toBe('12345678000195');
    expect(normalizeTaxId('12.345.678/0001-90')).toBeNull();
    expect(normalizeTaxId('1234')).toBeNull();
  });

  it('aceita o CNPJ alfanumérico', () => {
    expect(normalizeTaxId('Q0.SLF.MBD/7VX4-39')).toBe('Q0SLFMBD7VX439');
    expect(normalizeTaxId('q0slfmbd7vx439')).toBe('Q0SLFMBD7VX439');
  });

  it('encontra o documento no meio da mensagem do cliente', () => {
    expect(findTaxId('meu cpf é 123.456.789-09, obrigado')).toBe('12345678909');
    expect(findTaxId('CNPJ 12345678000195')).toBe('12345678000195');
    expect(findTaxId('12345678909')).toBe('12345678909');
  });

  it('não confunde telefone, preço ou CPF inválido com documento', () => {
    expect(findTaxId('quero 2 camisetas G')).toBeNull();
    expect(findTaxId('meu zap é (11) 98765-4321')).toBeNull();
    expect(findTaxId('5511987654321')).toBeNull();
    expect(findTaxId('R$ 119,80')).toBeNull();
    expect(findTaxId('cpf 123.456.789-00')).toBeNull();
    expect(findTaxId('1234567890912')).toBeNull();
  });

  it('formata para as telas do dono', () => {
    expect(formatTaxId('12345678909')).toBe('123.456.789-09');
    expect(formatTaxId('12345678000195')).toBe('12.345.678/0001-95');
  });
});
