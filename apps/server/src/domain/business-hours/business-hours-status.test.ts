import type { WeeklyHours } from '@vendai/contracts';
import { describe, expect, it } from 'vitest';
import { contextBlock } from '../ai-reply/context-block.ts';
import { handoffAnswer } from '../handoff/handoff-answer.ts';
import { HANDOFF_ANSWER } from '../handoff/asks-for-person.ts';
import { businessHoursStatus } from './business-hours-status.ts';
import { nationalHoliday } from './national-holidays.ts';

const SP = 'America/Sao_Paulo';
/** Mon–Fri 08–18, Sat 08–13, Sun closed. */
const SHOP: WeeklyHours = [
  null,
  { from: '08:00', to: '18:00' },
  { from: '08:00', to: '18:00' },
  { from: '08:00', to: '18:00' },
  { from: '08:00', to: '18:00' },
  { from: '08:00', to: '18:00' },
  { from: '08:00', to: '13:00' },
];
/** A bar: Thu–Sat 18:00–02:00 (across midnight). */
const BAR: WeeklyHours = [
  null,
  null,
  null,
  null,
  { from: '18:00', to: '02:00' },
  { from: '18:00', to: '02:00' },
  { from: '18:00', to: '02:00' },
];
const at = (iso: string) => new Date(iso);

describe('businessHoursStatus', () => {
  it('is open inside the day’s hours and says when it opens next after closing', () => {
    // Tuesday 2026-11-24 10:00 in São Paulo = 13:00 UTC.
    const open = businessHoursStatus(SHOP, [], at('2026-11-24T13:00:00Z'), SP);
    expect(open.openNow).toBe(true);
    expect(open.closesAt).toEqual(at('2026-11-24T21:00:00Z'));
    // Saturday 2026-11-21 21:40 local (Sunday 00:40 UTC): closed, opens Monday 08:00 local.
    const night = businessHoursStatus(SHOP, [], at('2026-11-22T00:40:00Z'), SP);
    expect(night).toEqual({ openNow: false, nextOpening: at('2026-11-23T11:00:00Z'), closesAt: null });
  });

  it('opens across midnight: Saturday 01:00 is still Friday night’s opening', () => {
    // Saturday 2026-11-28 01:00 local = 04:00 UTC; the bar opened Friday 18:00.
    const late = businessHoursStatus(BAR, [], at('2026-11-28T04:00:00Z'), SP);
    expect(late.openNow).toBe(true);
    expect(late.closesAt).toEqual(at('2026-11-28T05:00:00Z'));
    expect(late.nextOpening).toEqual(at('2026-11-28T21:00:00Z'));
    // Sunday 03:00 local: Saturday night's opening ended at 02:00; next is Thursday 18:00.
    const after = businessHoursStatus(BAR, [], at('2026-11-29T06:00:00Z'), SP);
    expect(after).toEqual({ openNow: false, nextOpening: at('2026-12-03T21:00:00Z'), closesAt: null });
  });

  it('reads the hours in the business’s zone (Manaus is UTC−4)', () => {
    // 12:30 UTC Tuesday = 08:30 in Manaus (open), 09:30 in São Paulo.
    expect(businessHoursStatus(SHOP, [], at('2026-11-24T11:30:00Z'), 'America/Manaus')).toMatchObject({
      openNow: false,
      nextOpening: at('2026-11-24T12:00:00Z'),
    });
    expect(businessHoursStatus(SHOP, [], at('2026-11-24T12:30:00Z'), 'America/Manaus').openNow).toBe(true);
  });

  it('is closed on national holidays (Consciência Negra, Natal) and on the owner’s closed days', () => {
    expect(nationalHoliday('2026-11-20')).toBe('Dia da Consciência Negra');
    expect(nationalHoliday('2026-12-25')).toBe('Natal');
    expect(nationalHoliday('2026-11-24')).toBeNull();
    // Friday 2026-11-20 10:00 local: a holiday; next opening Saturday 08:00.
    expect(businessHoursStatus(SHOP, [], at('2026-11-20T13:00:00Z'), SP)).toEqual({
      openNow: false,
      nextOpening: at('2026-11-21T11:00:00Z'),
      closesAt: null,
    });
    // Thursday 2026-12-24 19:00 local: Christmas (Friday) is closed; the owner closes Saturday 26 too.
    expect(businessHoursStatus(SHOP, ['2026-12-26'], at('2026-12-24T22:00:00Z'), SP).nextOpening).toEqual(
      at('2026-12-28T11:00:00Z'),
    );
    // A closed day the owner chose: Tuesday 24/11.
    expect(businessHoursStatus(SHOP, ['2026-11-24'], at('2026-11-24T13:00:00Z'), SP)).toMatchObject({
      openNow: false,
      nextOpening: at('2026-11-25T11:00:00Z'),
    });
  });

  it('never opens with an all-closed week', () => {
    expect(businessHoursStatus(Array(7).fill(null), [], at('2026-11-24T13:00:00Z'), SP)).toEqual({
      openNow: false,
      nextOpening: null,
      closesAt: null,
    });
  });
});

describe('business hours in the context block and the handoff answer', () => {
  const now = at('2026-11-22T00:40:00Z'); // Saturday 21:40 in São Paulo
  const hours = businessHoursStatus(SHOP, [], now, SP);

  it('tells the AI the business is closed and when it opens, only when hours were set', () => {
    const block = contextBlock({ now, timeZone: SP, contactName: null, hours });
    expect(block.split('\n').at(-1)).toBe(
      'A empresa está fechada agora e abre segunda-feira, 23/11, às 08:00. Não prometa que uma pessoa vai responder antes disso.',
    );
    expect(contextBlock({ now, timeZone: SP, contactName: null, hours: null })).not.toContain('empresa');
    const open = at('2026-11-24T13:00:00Z');
    expect(
      contextBlock({ now: open, timeZone: SP, contactName: null, hours: businessHoursStatus(SHOP, [], open, SP) }),
    ).toContain('A empresa está aberta agora (fecha hoje às 18:00).');
    const friday = at('2026-11-27T22:00:00Z'); // Friday 19:00: opens tomorrow
    expect(
      contextBlock({ now: friday, timeZone: SP, contactName: null, hours: businessHoursStatus(SHOP, [], friday, SP) }),
    ).toContain('abre amanhã (sábado, 28/11) às 08:00');
  });

  it('a handoff outside hours says when a person will answer', () => {
    expect(handoffAnswer(hours, now, SP)).toBe(
      'Claro! Vou chamar uma pessoa da nossa equipe para continuar o seu atendimento por aqui. ' +
        'Estamos fora do horário de atendimento agora: uma pessoa vai te responder segunda-feira, 23/11, às 08:00.',
    );
    expect(handoffAnswer(null, now, SP)).toBe(HANDOFF_ANSWER);
    const open = at('2026-11-24T13:00:00Z');
    expect(handoffAnswer(businessHoursStatus(SHOP, [], open, SP), open, SP)).toBe(HANDOFF_ANSWER);
  });
});
