import { describe, expect, it } from 'vitest';
import { extractAmounts, extractPercents, parseBrazilianNumber } from './extract-amounts.ts';
import { splitWordNumbers } from './extract-amounts.ts';

describe('parseBrazilianNumber', () => {
  it.each([
    ['80', 80],
    ['80,00', 80],
    ['80,5', 80.5],
    ['1.234,56', 1234.56],
    ['1.234', 1234],
    ['1.234.567', 1234567],
    ['80.00', 80],
    ['1,234.56', 1234.56],
    ['12.34.5', null],
  ])('%s → %s', (raw, value) => expect(parseBrazilianNumber(raw)).toBe(value));
});

describe('splitWordNumbers', () => {
  it.each([
    [['oitenta'], [80]],
    [['cento', 'e', 'vinte'], [120]],
    [['mil', 'e', 'quinhentos'], [1500]],
    [['dois', 'mil', 'e', 'trezentos'], [2300]],
    [['vinte', 'e', 'cinco'], [25]],
    [
      ['oitenta', 'e', 'cem'],
      [80, 100],
    ],
    [['cem'], [100]],
  ])('%j → %j', (words, numbers) => expect(splitWordNumbers(words)).toEqual(numbers));
});

describe('extractAmounts', () => {
  it.each([
    ['Custa R$ 80.', [8000]],
    ['Custa R$80,00 à vista', [8000]],
    ['Sai por R$ 1.234,56 em até 10x', [123456]],
    ['São 80 reais', [8000]],
    ['Fica 89,90 reais', [8990]],
    ['Fica oitenta reais', [8000]],
    ['O kit sai por cento e vinte reais', [12000]],
    ['mil e quinhentos reais', [150000]],
    ['Dois mil reais', [200000]],
    ['R$ 2 mil ou 2 mil reais', [200000, 200000]],
    ['R$ 1,5 mil', [150000]],
    ['Sai uns 50 conto', [5000]],
    ['De R$ 80 a 120, dependendo do tamanho', [8000, 12000]],
    ['Entre R$ 80 e 120', [8000, 12000]],
    ['R$ 80-120', [8000, 12000]],
    ['entre 80 e 120 reais', [8000, 12000]],
    ['de oitenta a cem reais', [8000, 10000]],
    ['entre oitenta e cem reais', [8000, 10000]],
    ['80 reais e 50 centavos', [8050]],
    ['oitenta reais e cinquenta centavos', [8050]],
    ['só 50 centavos a mais', [50]],
    ['CUSTA R$ 1.234', [123400]],
    ['Temos 2 tamanhos e entregamos em 3 dias', []],
    ['100% algodão, 2 unidades por pacote', []],
    ['O kit custa R$ 80 e 2 brindes vão junto', [8000]],
    ['A pulseira é R$ 45 e o colar R$ 60.', [4500, 6000]],
    ['Pix: R$ 95,00; cartão: R$ 99,90', [9500, 9990]],
  ])('%s', (text, cents) => expect(extractAmounts(text)).toEqual(cents));
});

describe('extractPercents', () => {
  it.each([
    ['10% de desconto', [10]],
    ['7,5 % off', [7.5]],
    ['dez por cento de desconto', [10]],
    ['nada aqui', []],
  ])('%s', (text, percents) => expect(extractPercents(text)).toEqual(percents));
});
