import { describe, expect, it } from 'vitest';
import { unsupportedClaim } from '../agenda-guard/guard-booking.ts';
import { type AgendaChatPort, AgendaRefused, type ChatBooking, type ChatSlot } from './agenda-port.ts';
import { parseStructuredReply } from '../ai-reply/structured-reply.ts';
import { agendaToolKit, slotText, spreadSlots } from './agenda-tools.ts';
import { applyPendingBooking } from './pending-booking.ts';

const TZ = 'America/Sao_Paulo';
const at = (iso: string) => new Date(iso);

/** An agenda in memory: one service, slots every hour, one professional. */
function fakePort(slots: ChatSlot[]) {
  let current: ChatBooking | null = null;
  const calls: string[] = [];
  const port: AgendaChatPort = {
    services: async () => [{ id: 'svc-corte', name: 'Corte de cabelo', durationMinutes: 45, priceCents: 6000 }],
    freeSlots: async (_u, _s, from, limit) => slots.filter((s) => s.startsAt >= from).slice(0, limit),
    nextBooking: async () => current,
    book: async (o) => {
      calls.push(`book ${o.startsAt.toISOString()}`);
      if (!slots.some((s) => s.startsAt.getTime() === o.startsAt.getTime()))
        throw new AgendaRefused('Esse horário não está livre.');
      current = {
        id: 'b1',
        serviceId: 'svc-corte',
        serviceName: 'Corte de cabelo',
        professionalName: 'Ana',
        startsAt: o.startsAt,
        status: 'booked',
        version: 1,
        holdUntil: null,
      };
      return current;
    },
    move: async (o) => {
      calls.push(`move ${o.startsAt.toISOString()} v${o.version}`);
      current = { ...current!, startsAt: o.startsAt, version: o.version + 1 };
      return current;
    },
    cancel: async () => {
      calls.push('cancel');
      const cancelled = { ...current!, status: 'cancelled' };
      current = null;
      return cancelled;
    },
  };
  return { port, calls, current: () => current };
}

const slot = (iso: string): ChatSlot => ({ startsAt: at(iso), professionalId: 'p1', professionalName: 'Ana' });
const SLOTS = [
  slot('2026-12-10T12:00:00Z'),
  slot('2026-12-10T13:00:00Z'),
  slot('2026-12-10T14:00:00Z'),
  slot('2026-12-11T12:00:00Z'),
  slot('2026-12-14T18:00:00Z'),
];
const call = (name: string, args: unknown) => ({ id: 'c1', name, arguments: JSON.stringify(args) });
const kitOf = (port: AgendaChatPort, approval = false) =>
  agendaToolKit({
    port,
    accountId: 'u',
    convId: 'c',
    timeZone: TZ,
    now: () => at('2026-12-09T12:00:00Z'),
    approval,
    standing: null,
  });

describe('the agenda tools', () => {
  it('slots read in the account’s time zone, spread over days', () => {
    expect(slotText(at('2026-12-10T12:00:00Z'), TZ)).toBe('quinta-feira, 10/12 às 09:00');
    expect(spreadSlots(SLOTS, 3, TZ).map((s) => s.startsAt.toISOString())).toEqual([
      '2026-12-10T12:00:00.000Z',
      '2026-12-11T12:00:00.000Z',
      '2026-12-14T18:00:00.000Z',
    ]);
  });

  it('ver_horarios offers three real slots; agendar books one and the guard lets the true claim through', async () => {
    const { port, calls } = fakePort(SLOTS);
    const kit = kitOf(port);
    expect(kit.tools.map((t) => t.name)).toEqual(['ver_horarios', 'agendar', 'remarcar', 'cancelar']);
    const seen = JSON.parse((await kit.run(call('ver_horarios', { servico: 'corte' })))!.content) as {
      servico: { id: string };
      horarios: { inicio: string; texto: string }[];
    };
    expect(seen.servico.id).toBe('svc-corte');
    expect(seen.horarios.map((h) => h.texto)).toEqual([
      'quinta-feira, 10/12 às 09:00',
      'sexta-feira, 11/12 às 09:00',
      'segunda-feira, 14/12 às 15:00',
    ]);
    expect(unsupportedClaim('Prontinho, está agendado!', kit.turn)).not.toBeNull();
    const booked = JSON.parse(
      (await kit.run(call('agendar', { servico_id: 'svc-corte', inicio: seen.horarios[1]!.inicio })))!.content,
    ) as { ok: boolean; agendamento: { quando: string } };
    expect(booked).toMatchObject({ ok: true, agendamento: { quando: 'sexta-feira, 11/12 às 09:00' } });
    expect(calls).toEqual(['book 2026-12-11T12:00:00.000Z']);
    expect(unsupportedClaim('Prontinho, está agendado para sexta às 9h!', kit.turn)).toBeNull();
    expect(unsupportedClaim('Remarcado para sexta!', kit.turn)?.kind).toBe('moved');
  });

  it('a slot that is not free is refused in words the AI can relay; nothing counts as booked', async () => {
    const { port } = fakePort(SLOTS);
    const kit = kitOf(port);
    const out = JSON.parse(
      (await kit.run(call('agendar', { servico_id: 'svc-corte', inicio: '2026-12-10T03:00:00Z' })))!.content,
    );
    expect(out).toEqual({ ok: false, erro: 'Esse horário não está livre.' });
    expect(kit.turn.changes).toEqual([]);
    const bad = JSON.parse((await kit.run(call('agendar', { inicio: 'x' })))!.content) as { erro: string };
    expect(bad.erro).toMatch(/^Argumentos inválidos/);
  });

  it('remarcar and cancelar act on the conversation’s appointment', async () => {
    const { port, calls } = fakePort(SLOTS);
    const kit = kitOf(port);
    expect(JSON.parse((await kit.run(call('cancelar', {})))!.content)).toMatchObject({ ok: false });
    await kit.run(call('agendar', { servico_id: 'svc-corte', inicio: '2026-12-10T12:00:00Z' }));
    await kit.run(call('remarcar', { inicio: '2026-12-14T18:00:00Z' }));
    await kit.run(call('cancelar', {}));
    expect(calls).toEqual(['book 2026-12-10T12:00:00.000Z', 'move 2026-12-14T18:00:00.000Z v1', 'cancel']);
    expect(kit.turn.changes).toEqual(['booked', 'moved', 'cancelled']);
  });

  it('approval mode: agendar is checked and kept for the draft, nothing is booked until it is sent', async () => {
    const { port, calls, current } = fakePort(SLOTS);
    const kit = kitOf(port, true);
    expect(kit.tools.map((t) => t.name)).toEqual(['ver_horarios', 'agendar', 'remarcar', 'cancelar']);
    const taken = JSON.parse(
      (await kit.run(call('agendar', { servico_id: 'svc-corte', inicio: '2026-12-10T12:30:00Z' })))!.content,
    );
    expect(taken).toMatchObject({ ok: false, erro: expect.stringContaining('não está livre') });
    expect(kit.pending()).toBeNull();
    const ok = JSON.parse(
      (await kit.run(call('agendar', { servico_id: 'svc-corte', inicio: '2026-12-10T12:00:00Z' })))!.content,
    );
    expect(ok).toMatchObject({ ok: true, agendamento: { quando: 'quinta-feira, 10/12 às 09:00' } });
    expect(calls).toEqual([]);
    expect(kit.pending()).toEqual({
      action: 'agendar',
      serviceId: 'svc-corte',
      startsAt: '2026-12-10T12:00:00.000Z',
      professionalId: 'p1',
      text: 'Agendar Corte de cabelo: quinta-feira, 10/12 às 09:00, com Ana',
    });
    // The draft may say it is booked: the owner's 'Enviar' books it before the customer reads it.
    expect(unsupportedClaim('Prontinho, seu corte está agendado!', kit.turn)).toBeNull();

    // Sent: the change is made once, however often the send is repeated (a crash between the two).
    await applyPendingBooking(port, { accountId: 'u', convId: 'c' }, kit.pending()!);
    await applyPendingBooking(port, { accountId: 'u', convId: 'c' }, kit.pending()!);
    expect(calls).toEqual(['book 2026-12-10T12:00:00.000Z']);
    expect(current()?.startsAt.toISOString()).toBe('2026-12-10T12:00:00.000Z');
  });

  it('approval mode: remarcar and cancelar wait for the send, and a booking changed meanwhile refuses it', async () => {
    const { port, calls } = fakePort(SLOTS);
    await port.book({
      accountId: 'u',
      convId: 'c',
      serviceId: 'svc-corte',
      startsAt: at('2026-12-10T12:00:00Z'),
      professionalId: 'p1',
    });
    const kit = kitOf(port, true);
    await kit.run(call('remarcar', { inicio: '2026-12-14T18:00:00Z' }));
    const move = kit.pending()!;
    expect(move).toMatchObject({ action: 'remarcar', bookingId: 'b1', startsAt: '2026-12-14T18:00:00.000Z' });
    expect(kit.turn.changes).toEqual(['moved']);
    const cancelKit = kitOf(port, true);
    await cancelKit.run(call('cancelar', {}));
    const cancel = cancelKit.pending()!;
    expect(cancel).toMatchObject({
      action: 'cancelar',
      bookingId: 'b1',
      text: expect.stringMatching(/^Cancelar Corte/),
    });
    expect(calls).toEqual(['book 2026-12-10T12:00:00.000Z']);

    await applyPendingBooking(port, { accountId: 'u', convId: 'c' }, move);
    expect(calls.at(-1)).toBe('move 2026-12-14T18:00:00.000Z v1');
    // The booking is gone before the cancel is sent: nothing to do, nothing refused.
    await applyPendingBooking(port, { accountId: 'u', convId: 'c' }, cancel);
    await applyPendingBooking(port, { accountId: 'u', convId: 'c' }, cancel);
    expect(calls.filter((c) => c === 'cancel')).toHaveLength(1);
    const stale = { action: 'remarcar' as const, bookingId: 'b0', startsAt: '2026-12-11T12:00:00.000Z', text: '' };
    await port.book({
      accountId: 'u',
      convId: 'c',
      serviceId: 'svc-corte',
      startsAt: at('2026-12-10T13:00:00Z'),
      professionalId: 'p1',
    });
    await expect(applyPendingBooking(port, { accountId: 'u', convId: 'c' }, stale)).rejects.toThrow(AgendaRefused);
  });

  it('without tool calls: the slots and the customer’s appointment as text, and the change named in "agenda"', async () => {
    const { port, calls } = fakePort(SLOTS);
    const kit = kitOf(port);
    const offer = await kit.offer();
    expect(offer).toContain(
      'Corte de cabelo (servico_id svc-corte): quinta-feira, 10/12 às 09:00 [inicio 2026-12-10T12:00:00.000Z]',
    );
    expect(offer).toContain('O cliente não tem horário marcado.');
    expect(offer).toContain('"agenda": {"acao": "agendar"');
    const answer = parseStructuredReply(
      '{"reply": "Prontinho, agendado!", "agenda": {"acao": "agendar", "servico_id": "svc-corte", "inicio": "2026-12-10T12:00:00.000Z"}}',
    );
    expect(answer.agenda).toEqual({
      name: 'agendar',
      arguments: JSON.stringify({ servico_id: 'svc-corte', inicio: '2026-12-10T12:00:00.000Z' }),
    });
    await kit.run({ id: 's', ...answer.agenda! });
    expect(calls).toEqual(['book 2026-12-10T12:00:00.000Z']);
    expect(unsupportedClaim(answer.reply, kit.turn)).toBeNull();
    expect(parseStructuredReply('{"reply": "x", "agenda": {"acao": "apagar tudo"}}').agenda).toBeNull();
    // Approval mode asks for the change the same way; it waits for the owner's 'Enviar'.
    expect(await kitOf(port, true).offer()).toContain('A equipe revisa cada resposta');
  });
});
