import type { EngineApp, Shop } from './engine-harness.ts';

/** Asks the shop's agent in the playground (one customer message). */
export const askPlayground = (shop: Shop, text: string) =>
  shop.client.post('/api/playground/reply', { agent_id: shop.agentId, messages: [{ role: 'user', text }] });

/** The chat messages of the fake AI's n-th request. */
export const messagesSentToAi = (e: EngineApp, n: number) =>
  (e.llm.calls[n]!.body as { messages: { role: string; content: string }[] }).messages;

/** The fake AI answers these texts in turn (the last one from then on). */
export function aiAnswers(e: EngineApp, ...texts: string[]): void {
  let n = 0;
  e.llm.respond = async () => ({ content: texts[Math.min(n++, texts.length - 1)]! });
}
