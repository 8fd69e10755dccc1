import { describe, expect, it } from 'vitest';
import type { StructuredReply } from '../ai-reply/structured-reply.ts';
import { bookingClaims } from './booking-claims.ts';
import {
  BOOKING_GUARD_ALERT,
  type BookingTurn,
  bookingRetryReason,
  guardBooking,
  NO_BOOKING_TURN,
  unsupportedClaim,
} from './guard-booking.ts';

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
      unsupportedClaim('Prontinho, está agendado para quinta às 15h!', { changes: ['booked'], standing: 'booked' }),
    ).toBeNull();
    expect(unsupportedClaim('Remarcado para sexta às 10h!', { changes: ['booked'], standing: 'booked' })?.kind).toBe(
      'moved',
    );
    expect(unsupportedClaim('Remarcado para sexta às 10h!', { changes: ['moved'], standing: 'booked' })).toBeNull();
    expect(unsupportedClaim('Cancelei seu horário.', { changes: [], standing: 'booked' })?.kind).toBe('cancelled');
  });

  it('stating a standing booking is true; saying it was just made is not', () => {
    const standing: BookingTurn = { changes: [], standing: 'booked' };
    expect(unsupportedClaim('Seu horário está marcado para quinta às 15h.', standing)).toBeNull();
    expect(unsupportedClaim('Marquei você para quinta às 15h.', standing)?.kind).toBe('booked');
  });

  it('a booking held for its sinal in an earlier turn is reserved until paid, never booked', () => {
    const held: BookingTurn = { changes: [], standing: 'held', heldUntil: '10:30' };
    // The truth passes in any later turn.
    for (const text of [
      'Seu horário está reservado até as 10:30, aguardando o pagamento do sinal.',
      'Sua limpeza de quinta segue reservada até as 10:30; é só pagar o sinal pelo Pix.',
      'Ainda não está confirmado: falta o sinal.',
      'Tenho quinta às 15h ou sexta às 10h. Qual prefere?',
    ])
      expect(unsupportedClaim(text, held), text).toBeNull();
    // Marked or confirmed is not true until it is paid.
    for (const text of [
      'Seu horário está marcado para quinta às 9h.',
      'Está confirmado! Te esperamos quinta.',
      'Sua limpeza está confirmada para quinta às 9h, até lá!',
      'Confirmado para quinta às 9h 😊',
      'Você já tem um horário agendado para quinta.',
      'Seu horário está reservado até as 10:30 e confirmado para quinta.',
    ])
      expect(unsupportedClaim(text, held)?.kind, text).toBe('booked');
    // The AI is told why, with the hold's time.
    const claim = unsupportedClaim('Seu horário está marcado para quinta às 9h.', held)!;
    expect(bookingRetryReason(claim, held)).toContain('reservado até as 10:30');
    // Moving a held booking keeps it held: 'remarcado' is true, 'está marcado' is not.
    const moved: BookingTurn = { changes: ['moved'], standing: 'held', heldUntil: '10:30' };
    expect(unsupportedClaim('Remarcado para sexta às 10h!', moved)).toBeNull();
    expect(unsupportedClaim('Pronto, está marcado para sexta às 10h.', moved)?.kind).toBe('booked');
  });

  it('a bare "Está confirmado!" is read only while a booking waits for its sinal', () => {
    // A shop without a held booking (an order, a question answered): not a booking claim.
    expect(unsupportedClaim('Está confirmado! Qualquer dúvida é só chamar.', NO_BOOKING_TURN)).toBeNull();
    expect(unsupportedClaim('Sim, confirmado.', { changes: [], standing: 'booked' })).toBeNull();
    expect(bookingClaims('Está confirmado, seu pedido sai hoje.')).toEqual([]);
    // While the sinal is unpaid it is the booking that is said to be confirmed.
    expect(unsupportedClaim('Sim, está confirmado!', { changes: [], standing: 'held' })?.kind).toBe('booked');
    expect(unsupportedClaim('Confirmado! Até quinta.', { changes: ['held'], standing: 'held' })?.kind).toBe('booked');
  });

  it('once paid it stands; once released or expired there is nothing to state', () => {
    const paid: BookingTurn = { changes: [], standing: 'booked' };
    expect(unsupportedClaim('Seu horário está confirmado para quinta às 9h.', paid)).toBeNull();
    // Released or past its hold: the claim reads no booking (NO_BOOKING_TURN), so neither is true.
    expect(unsupportedClaim('Seu horário está marcado para quinta às 9h.', NO_BOOKING_TURN)?.kind).toBe('booked');
    expect(
      unsupportedClaim('Seu horário está reservado até as 10:30, aguardando o sinal.', NO_BOOKING_TURN)?.kind,
    ).toBe('booked');
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
