import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_HOURS, dueReminder, readReminderAnswer, reminderText } from './due-reminder.ts';

const start = new Date('2026-12-10T12:00:00Z'); // 09:00 in São Paulo
const at = (iso: string) => new Date(iso);

describe('dueReminder (an injected clock)', () => {
  it('is not due before the first moment', () => {
    expect(dueReminder(start, DEFAULT_REMINDER_HOURS, at('2026-12-09T11:59:59Z'))).toBeNull();
  });
  it('the 24 h reminder is due from its moment until the 2 h one', () => {
    expect(dueReminder(start, DEFAULT_REMINDER_HOURS, at('2026-12-09T12:00:00Z'))?.offsetHours).toBe(24);
    expect(dueReminder(start, DEFAULT_REMINDER_HOURS, at('2026-12-10T09:59:00Z'))?.offsetHours).toBe(24);
  });
  it('from 2 h before only the nearest one is due (a booking made late gets one reminder)', () => {
    const due = dueReminder(start, DEFAULT_REMINDER_HOURS, at('2026-12-10T10:00:00Z'));
    expect(due).toEqual({ offsetHours: 2, at: at('2026-12-10T10:00:00Z') });
    expect(dueReminder(start, [2, 24, 48], at('2026-12-10T11:30:00Z'))?.offsetHours).toBe(2);
  });
  it('is never due at or after the appointment, nor with the reminders off', () => {
    expect(dueReminder(start, DEFAULT_REMINDER_HOURS, start)).toBeNull();
    expect(dueReminder(start, DEFAULT_REMINDER_HOURS, at('2026-12-10T13:00:00Z'))).toBeNull();
    expect(dueReminder(start, [], at('2026-12-10T11:00:00Z'))).toBeNull();
  });
});

describe('readReminderAnswer', () => {
  it('reads the numbers, the buttons and short words', () => {
    expect(readReminderAnswer('1')).toBe('confirmed');
    expect(readReminderAnswer(' Confirmar ')).toBe('confirmed');
    expect(readReminderAnswer('Sim, confirmo!')).toBe('confirmed');
    expect(readReminderAnswer('2')).toBe('reschedule');
    expect(readReminderAnswer('Remarcar')).toBe('reschedule');
    expect(readReminderAnswer('3')).toBe('cancelled');
    expect(readReminderAnswer('Não vou poder')).toBe('cancelled');
  });
  it('leaves anything else to the AI', () => {
    expect(readReminderAnswer('1 pizza grande')).toBeNull();
    expect(readReminderAnswer('posso levar meu filho junto?')).toBeNull();
    expect(readReminderAnswer('')).toBeNull();
  });
});

describe('reminderText', () => {
  it('names the service, the local time and the professional; QR ends with the numbered answers', () => {
    const b = { customerName: 'Ana Souza', serviceName: 'Limpeza', professionalName: 'Dra. Lia', startsAt: start };
    const text = reminderText({ ...b, timeZone: 'America/Sao_Paulo' }, { numbered: true });
    expect(text).toContain('Olá, Ana!');
    expect(text).toContain('Limpeza, quinta-feira, 10/12 às 09:00, com Dra. Lia.');
    expect(text.endsWith('Responda 1 para confirmar, 2 para remarcar ou 3 para cancelar.')).toBe(true);
    expect(reminderText({ ...b, timeZone: 'America/Sao_Paulo' }, { numbered: false })).not.toContain('Responda');
  });
});
