import type { EngineEvents } from '../engine-events/event-bus.ts';
import { type AdvanceDeps, advanceStage } from './advance-stage.ts';
import { ensureAgendadoStage } from './stages.ts';

/**
 * The funnel listens to the engine (docs/decisions/060-events-features-listen.md): a hot lead's card
 * moves to Qualificado, a charged order's to Orçamento, a paid order's to Pago (decision 043). Forward
 * only, so a repeat moves nothing. A booking (docs/decisions/069-agenda.md, "The funnel's Agendado")
 * creates the account's Agendado stage the first time, and moves its conversation's card there; a
 * cancelled or moved booking moves no card (a person moves it back if they want).
 */
export function listenForFunnelMoves(events: EngineEvents, deps: AdvanceDeps): void {
  events.on(
    'lead.hot',
    async (e) => void (await advanceStage(deps, { accountId: e.userId, convId: e.convId, to: 'qualificado' })),
  );
  events.on(
    'order.charged',
    async (e) => void (await advanceStage(deps, { accountId: e.userId, convId: e.convId, to: 'orcamento' })),
  );
  events.on('booking.created', async (e) => {
    await ensureAgendadoStage(deps.db, e.userId);
    if (e.convId) await advanceStage(deps, { accountId: e.userId, convId: e.convId, to: 'agendado' });
  });
  events.on(
    'order.paid',
    async (e) => void (await advanceStage(deps, { accountId: e.userId, convId: e.convId, to: 'pago' })),
  );
}
