import { describe, expect, it } from 'vitest';
import type { StructuredReply } from '../ai-reply/structured-reply.ts';
import { bookingClaims } from './booking-claims.ts';
import { BOOKING_GUARD_ALERT, guardBooking, NO_BOOKING_TURN, unsupportedClaim } from './guard-booking.ts';

const kinds = (text: string) => bookingClaims(text).map((c) => c.kind);

describe('booking claims in pt-BR answers', () => {
  it.each([
    ['Prontinho! Seu horário está agendado para quinta às 15h.', 'booked'],
    ['Marquei você com a Dra. Ana amanhã às 9h.', 'booked'],
    ['Já marquei aqui, te espero!', 'booked'],
    ['Confirmado para quinta às 15h 😊', 'booked'],
    ['Agendado! Qualquer coisa é só chamar.', 'booked'],
    ['Pronto, ficou marcado pra sexta 10:30.', 'booked'],
    ['Seu agendamento foi realizado com sucesso.', 'booked'],
    ['Sua consulta está confirmada, até lá!', 'booked'],
    ['Reservei o horário das 14h para você.', 'booked'],
    ['Ficou agendado para segunda às 8h, ok?', 'booked'],
    ['Remarcado para sexta às 10h!', 'moved'],
    ['Seu horário foi remarcado para a semana que vem.', 'moved'],
    ['Reagendei sua sessão para terça.', 'moved'],
    ['Mudei seu horário para as 16h.', 'moved'],
    ['Cancelei seu horário de quinta, tudo certo.', 'cancelled'],
    ['Sua consulta foi cancelada.', 'cancelled'],
    ['Pronto, desmarquei.', 'cancelled'],
    ['Cancelado! Se quiser marcar outro dia é só falar.', 'cancelled'],
  ])('%s → %s', (text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  it.each([
    'Posso agendar para você?',
    'Quer que eu marque quinta às 15h?',
    'Tenho quinta às 15h ou sexta às 10h. Qual prefere?',
    'Assim que você confirmar, fica agendado.',
    'Se você confirmar, deixo marcado para quinta às 15h.',
    'Vou agendar assim que você escolher o horário.',
    'Ainda não está agendado: me diga qual horário prefere.',
    'Não consegui marcar esse horário, ele já foi ocupado.',
    'Você pode cancelar ou remarcar até 24h antes sem custo.',
    'Para agendar, me diga o dia e o serviço.',
    'Sua entrega está agendada para amanhã.',
    'O pedido foi confirmado e sai hoje.',
    'O agendamento é feito aqui mesmo pelo WhatsApp.',
    'Confirma quinta às 15h com a Dra. Ana?',
    'Quer remarcar para outro dia?',
    'Os horários livres desta semana são quinta e sexta.',
    'Olá! Como posso ajudar?',
  ])('innocent: %s', (text) => {
    expect(bookingClaims(text)).toEqual([]);
  });
});

describe('the booking guard', () => {
  const answer = (reply: string): StructuredReply => ({ reply, handoff: null, needsOwner: null, hotLead: false });

  it('a claim nothing made true is caught; one the turn made true passes', () => {
    expect(unsupportedClaim('Prontinho, está agendado para quinta às 15h!', NO_BOOKING_TURN)?.kind).toBe('booked');
    expect(
      unsupportedClaim('Prontinho, está agendado para quinta às 15h!', { changes: ['booked'], standing: true }),
    ).toBeNull();
    expect(unsupportedClaim('Remarcado para sexta às 10h!', { changes: ['booked'], standing: true })?.kind).toBe(
      'moved',
    );
    expect(unsupportedClaim('Remarcado para sexta às 10h!', { changes: ['moved'], standing: true })).toBeNull();
    expect(unsupportedClaim('Cancelei seu horário.', { changes: [], standing: true })?.kind).toBe('cancelled');
  });

  it('stating a standing booking is true; saying it was just made is not', () => {
    const standing = { changes: [], standing: true };
    expect(unsupportedClaim('Seu horário está marcado para quinta às 15h.', standing)).toBeNull();
    expect(unsupportedClaim('Marquei você para quinta às 15h.', standing)?.kind).toBe('booked');
  });

  it('asks again once, then sends the fallback and tells the owner', async () => {
    const asked: string[] = [];
    const passes = await guardBooking(
      answer('Está agendado para quinta às 15h!'),
      NO_BOOKING_TURN,
      async (reason) => (asked.push(reason), answer('Tenho quinta às 15h livre. Posso agendar para você?')),
      async () => 'fallback',
    );
    expect(passes.blocked).toBeNull();
    expect(passes.answer.reply).toContain('Posso agendar');
    expect(asked[0]).toContain('Nenhum horário foi agendado');

    const fails = await guardBooking(
      answer('Está agendado para quinta às 15h!'),
      NO_BOOKING_TURN,
      async () => answer('Marquei para quinta às 15h.'),
      async () => 'Vou confirmar com a equipe e já te respondo.',
    );
    expect(fails.blocked?.kind).toBe('booked');
    expect(fails.answer.reply).toBe('Vou confirmar com a equipe e já te respondo.');
    expect(fails.answer.needsOwner?.reason).toContain(BOOKING_GUARD_ALERT);
  });

  it('an answer without a claim is not asked again', async () => {
    let asked = 0;
    const out = await guardBooking(
      answer('Posso agendar para você?'),
      NO_BOOKING_TURN,
      async () => (asked++, null),
      async () => 'x',
    );
    expect(out).toEqual({ answer: answer('Posso agendar para você?'), retried: false, blocked: null });
    expect(asked).toBe(0);
  });
});
