import { describe, expect, it } from 'vitest';
import { describeBusinessHours } from './describe-week.ts';

const open = (from: string, to: string) => ({ from, to });

describe('describeBusinessHours', () => {
  it('groups days with the same hours, Monday first', () => {
    const week = [null, ...Array(5).fill(open('08:00', '18:00')), open('08:00', '13:00')];
    expect(describeBusinessHours(week)).toBe('segunda a sexta 08:00–18:00; sábado 08:00–13:00; domingo fechado');
  });

  it('a bar past midnight; every day alike', () => {
    const bar = [null, null, null, null, open('18:00', '02:00'), open('18:00', '02:00'), open('18:00', '02:00')];
    expect(describeBusinessHours(bar)).toBe('segunda a quarta fechado; quinta a sábado 18:00–02:00; domingo fechado');
    expect(describeBusinessHours(Array(7).fill(open('07:00', '22:00')))).toBe('segunda a domingo 07:00–22:00');
  });
});
