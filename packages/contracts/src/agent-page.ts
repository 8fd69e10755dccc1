/**
 * The agent's page (/ia-management?agent=…) in three tabs (docs/decisions/065-agent-tabs-hints-and-judge.md):
 * 'Como a IA fala' (prompt and coach; the default, no parameter), 'Como a IA age' (response delay,
 * approval, follow-ups, price guard, spend limits), 'Testes'. The tab is the `aba` search parameter, so
 * a hint can link straight to it. No zod here: the public pages' bundle reads it through config/paths.
 */
export const AGENT_PAGE_TABS = ['fala', 'age', 'testes'] as const;
export type AgentPageTab = (typeof AGENT_PAGE_TABS)[number];
export const AGENT_PAGE_TAB_PARAM = 'aba';

/** The tab a URL's `aba` names; anything else is the default tab. */
export function readAgentPageTab(raw: string | null): AgentPageTab {
  return (AGENT_PAGE_TABS as readonly string[]).includes(raw ?? '') ? (raw as AgentPageTab) : 'fala';
}
