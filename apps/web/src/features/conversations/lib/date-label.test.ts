import { describe, expect, it } from 'vitest';
import { chatDateLabel as label, chatDayLabel as dayLabel } from './date-label';

const SP = 'America/Sao_Paulo';
const chatDateLabel = (v: string | Date, now: Date) => label(v, now, SP);
const chatDayLabel = (v: string | Date, now: Date) => dayLabel(v, now, SP);

// São Paulo has no daylight saving since 2019: UTC−3 all year.
const sp = (local: string) => new Date(`${local}-03:00`);

describe('chatDateLabel (fuso America/Sao_Paulo)', () => {
  // Wednesday 12 March 2025, 00:05 in São Paulo (03:05 UTC).
  const justAfterMidnight = sp('2025-03-12T00:05:00');

  it('mostra hh:mm para mensagens de hoje', () => {
    expect(chatDateLabel(sp('2025-03-12T00:01:00'), justAfterMidnight)).toBe('00:01');
    expect(chatDateLabel(sp('2025-03-12T14:07:00'), sp('2025-03-12T23:59:00'))).toBe('14:07');
  });

  it("mostra 'Ontem' um minuto antes da meia-noite", () => {
    expect(chatDateLabel(sp('2025-03-11T23:59:00'), justAfterMidnight)).toBe('Ontem');
    expect(chatDateLabel(sp('2025-03-11T00:00:00'), sp('2025-03-12T23:59:59'))).toBe('Ontem');
  });

  it('usa o dia de São Paulo, não o de UTC', () => {
    // 22:30 in São Paulo is already the next day in UTC: still today here.
    expect(chatDateLabel(sp('2025-03-11T22:30:00'), sp('2025-03-11T23:00:00'))).toBe('22:30');
    // 01:00 UTC on the 12th is 22:00 on the 11th in São Paulo: yesterday at 10:00 on the 12th.
    expect(chatDateLabel(new Date('2025-03-12T01:00:00Z'), sp('2025-03-12T10:00:00'))).toBe('Ontem');
  });

  it('mostra o dia da semana abreviado entre 2 e 6 dias atrás', () => {
    const now = sp('2025-03-12T09:00:00'); // quarta-feira
    expect(chatDateLabel(sp('2025-03-10T23:59:00'), now)).toBe('Seg');
    expect(chatDateLabel(sp('2025-03-09T12:00:00'), now)).toBe('Dom');
    expect(chatDateLabel(sp('2025-03-08T12:00:00'), now)).toBe('Sáb');
    expect(chatDateLabel(sp('2025-03-06T00:00:00'), now)).toBe('Qui'); // 6 days ago
  });

  it('passa para dd/mm/yy a partir de 7 dias, mesmo no mesmo dia da semana', () => {
    const now = sp('2025-03-12T09:00:00');
    expect(chatDateLabel(sp('2025-03-05T23:59:00'), now)).toBe('05/03/25');
    expect(chatDateLabel(sp('2024-12-31T10:00:00'), now)).toBe('31/12/24');
  });

  it('atravessa a virada do ano e a semana', () => {
    const newYear = sp('2025-01-01T00:00:30');
    expect(chatDateLabel(sp('2024-12-31T23:59:59'), newYear)).toBe('Ontem');
    expect(chatDateLabel(sp('2024-12-29T08:00:00'), newYear)).toBe('Dom');
    expect(chatDateLabel(sp('2024-12-25T08:00:00'), newYear)).toBe('25/12/24');
  });

  it('um relógio um pouco adiantado ainda conta como hoje', () => {
    expect(chatDateLabel(sp('2025-03-12T09:01:00'), sp('2025-03-12T09:00:00'))).toBe('09:01');
  });

  it('aceita texto ISO e ignora datas inválidas', () => {
    expect(chatDateLabel('2025-03-12T12:00:00.000Z', sp('2025-03-12T10:00:00'))).toBe('09:00');
    expect(chatDateLabel('ontem', sp('2025-03-12T10:00:00'))).toBe('');
  });
});

describe('chatDayLabel', () => {
  it("separa o chat em 'Hoje', 'Ontem' e datas", () => {
    const now = sp('2025-03-12T00:05:00');
    expect(chatDayLabel(sp('2025-03-12T00:00:00'), now)).toBe('Hoje');
    expect(chatDayLabel(sp('2025-03-11T23:59:00'), now)).toBe('Ontem');
    expect(chatDayLabel(sp('2025-03-10T10:00:00'), now)).toBe('10/03/2025');
  });
});
