import type { ChatRequest, Llm } from '../llm.ts';
import { pickRefinementQuestions } from './refinement-bank.ts';
import { demoPromptCoach } from './prompt-coach.ts';
import { demoReply } from './reply.ts';
import { assembleSystemPrompt } from '../../../domain/prompts/system-prompt.ts';

/**
 * The offline demo provider (AI_PROVIDER=demo, or no AI_BASE_URL outside production): no network,
 * deterministic, useful Portuguese. It cannot read the messages, so it answers from the request's
 * structured `task`; the training code path is the same as with a real model (call A's JSON is
 * parsed the same way). The UI shows 'modo demonstração' while it is active.
 */
export function createDemoLlm(): Llm {
  return {
    kind: 'demo',
    async complete(request: ChatRequest) {
      const task = request.task;
      switch (task?.kind) {
        case 'refinement-questions':
          return JSON.stringify(pickRefinementQuestions(task.respostas));
        case 'system-prompt':
          return assembleSystemPrompt(task.respostas, task.apelido);
        case 'reply':
          return demoReply(task.systemPrompt, task.respostas, task.history);
        case 'prompt-coach':
          return JSON.stringify(demoPromptCoach(task.currentPrompt, task.instruction, task.full));
        default: {
          const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
          return demoReply(
            system,
            [],
            request.messages.filter((m) => m.role !== 'system'),
          );
        }
      }
    },
  };
}
