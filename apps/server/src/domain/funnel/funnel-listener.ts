import type { EngineEvents } from '../engine-events/event-bus.ts';
import { type AdvanceDeps, advanceStage } from './advance-stage.ts';

/** The funnel listens to the engine (docs/decisions/057-engine-events.md): a hot lead's card moves to Qualificado (decision 043). */
export function listenForFunnelMoves(events: EngineEvents, deps: AdvanceDeps): void {
  events.on(
    'lead.hot',
    async (e) => void (await advanceStage(deps, { userId: e.userId, convId: e.convId, to: 'qualificado' })),
  );
}
