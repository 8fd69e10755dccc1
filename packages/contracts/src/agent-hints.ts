import { z } from 'zod';

/**
 * A hint that points the owner to a setting of the agent's page (decision 065): 'follow-up' when
 * customers went quiet after a price and the follow-ups are off, 'approval' when the price guard had to
 * replace the AI's replies and approval is off. Decided on the server (domain/agent-hints).
 */
export const AGENT_HINT_KINDS = ['follow-up', 'approval'] as const;
export type AgentHintKind = (typeof AGENT_HINT_KINDS)[number];

export const agentHintSchema = z.object({
  kind: z.enum(AGENT_HINT_KINDS),
  agentId: z.string(),
  agentName: z.string(),
  /** Conversations quiet after a price ('follow-up') or replies the price guard replaced ('approval'), in the window. */
  count: z.number().int().nonnegative(),
  /** Days the count looks back. */
  days: z.number().int().positive(),
});
export type AgentHint = z.infer<typeof agentHintSchema>;

export const dismissAgentHintSchema = z.object({ kind: z.enum(AGENT_HINT_KINDS), agentId: z.string().uuid() });
export type DismissAgentHint = z.infer<typeof dismissAgentHintSchema>;
