import type { EngineEvents } from '../engine-events/event-bus.ts';
import { type AdvanceDeps, advanceStage } from './advance-stage.ts';

/**
 * The funnel listens to the engine (docs/decisions/060-events-features-listen.md): a hot lead's card
 * moves to Qualificado, a charged order's to Orçamento, a paid order's to Pago (decision 043). Forward
 * only, so a repeat moves nothing.
 */
export function listenForFunnelMoves(events: EngineEvents, deps: AdvanceDeps): void {
  events.on(
    'lead.hot',
    async (e) => void (await advanceStage(deps, { userId: e.userId, convId: e.convId, to: 'qualificado' })),
  );
  events.on(
    'order.charged',
    async (e) => void (await advanceStage(deps, { userId: e.userId, convId: e.convId, to: 'orcamento' })),
  );
  events.on(
    'order.paid',
    async (e) => void (await advanceStage(deps, { userId: e.userId, convId: e.convId, to: 'pago' })),
  );
}
