import type { ReactNode } from 'react';

/** Other features' parts of the agent's page, composed by the app's route. */
export interface AgentSlots {
  /** 'Aprovação das respostas' (approval). */
  approval: ReactNode;
  /** 'Quando a IA passar para uma pessoa' (team). */
  handoff: ReactNode;
  /** 'Proteção de preços' (catalogue). */
  priceGuard: ReactNode;
  /** The 'Testes' tab's content (agent-tests). */
  tests: ReactNode;
}
