import type { Db } from '../../db/client.ts';
import { agentNotFound } from '../../domain/agents/agent-id.ts';
import { selectAgent } from '../../domain/agents/agents-repository.ts';
import type { ContextMessage } from '../../domain/ai-reply/history.ts';
import { buildTouchRequest, cleanTouch } from '../../domain/follow-ups/touch-request.ts';
import type { Llm } from '../../integrations/llm/llm.ts';
import { claimTestMessage } from '../../domain/usage/test-allowance.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The playground's 'Ver acompanhamento': the touch the agent would write if this test customer went
 * quiet now: the same request as the real touch (domain/follow-ups/touch-request.ts).
 */
export async function previewTouch(
  deps: { db: Db; llm: Llm },
  accountId: string,
  input: { agentId: string; history: { role: 'user' | 'assistant'; content: string }[]; step: number },
): Promise<{ text: string }> {
  const agent = await selectAgent(deps.db, accountId, input.agentId);
  if (!agent) throw agentNotFound();
  const recent = input.history
    .map((m): ContextMessage => ({
      direction: m.role === 'user' ? 'in' : 'out',
      messageType: 'text',
      content: m.content,
      mediaFilename: null,
      mediaDuration: null,
      status: m.role === 'user' ? 'received' : 'sent',
    }))
    .reverse();
  // A preview is a playground test message (docs/decisions/021-spend-and-abuse-limits.md, decision 050).
  const giveBack = await claimTestMessage(deps.db, accountId, 'playground');
  const text = cleanTouch(
    await deps.llm.complete(buildTouchRequest(agent, recent, input.step, null)).catch(async (err: unknown) => {
      await giveBack();
      throw err;
    }),
    null,
  );
  if (!text) {
    await giveBack();
    throw new AppError('UPSTREAM', 'A IA não conseguiu escrever o acompanhamento. Tente novamente.');
  }
  return { text };
}
