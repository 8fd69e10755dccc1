import { describe, expect, it } from 'vitest';
import { initials, onlyDigits, phoneLabel, secondsUntil } from './format';

describe('initials', () => {
  it('usa a primeira e a última palavra, ou # sem nome', () => {
    expect(initials('Bruno Lima')).toBe('BL');
    expect(initials('ana maria souza')).toBe('AS');
    expect(initials('Carla')).toBe('C');
    expect(initials('  ')).toBe('#');
    expect(initials(null)).toBe('#');
  });
});

describe('telefones', () => {
  it('mantém só os dígitos e formata números brasileiros', () => {
    expect(onlyDigits('+55 (11) 98765-4321')).toBe('5511987654321');
    expect(phoneLabel('5511987654321')).toBe('+55 (11) 98765-4321');
    expect(phoneLabel(null)).toBe('');
  });
});

describe('secondsUntil', () => {
  it('conta os segundos até a troca do QR Code, sem ficar negativo', () => {
    const now = Date.parse('2025-01-01T12:00:00Z');
    expect(secondsUntil('2025-01-01T12:00:30Z', now)).toBe(30);
    expect(secondsUntil('2025-01-01T12:00:00.200Z', now)).toBe(1);
    expect(secondsUntil('2025-01-01T11:59:00Z', now)).toBe(0);
  });
});
