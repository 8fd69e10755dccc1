import type { AnswerItem } from '@vendai/contracts';
import type { DemoMessage, DemoRequest, DemoToolCall } from './demo-types.ts';
import { pickRefinementQuestions } from './refinement-bank.ts';
import { demoPromptCoach } from './prompt-coach.ts';
import { demoEmbed } from './embeddings.ts';
import { demoPriceList } from './price-list.ts';
import { demoReply } from './reply.ts';
import { demoFollowUp } from './follow-up.ts';
import { demoCampaignSuggestion, demoCampaignVariation } from './campaign.ts';
import { demoToolCalls, toolResultFacts } from './tool-calls.ts';
import { demoAgendaStep } from './agenda-reply.ts';
import { demoJudge } from './judge.ts';

export type { DemoRequest } from './demo-types.ts';

/** What the app gives the demo AI when it mounts it: the product's own prompt rules. */
export interface DemoAiMount {
  /** The system prompt the product assembles from the training answers (the demo returns it as is). */
  assembleSystemPrompt(respostas: readonly AnswerItem[], apelido: string): string;
  /** AI_EMBEDDINGS_MODEL: set → the offline embeddings stand-in (embeddings.ts) under that name. */
  embeddingsModel?: string;
  /** AI_TOOL_CALLS: 'auto' (default) → the demo may look facts up first (tool-calls.ts); 'off' never does. */
  toolCalls?: 'auto' | 'off';
}

/**
 * The offline demo provider (AI_PROVIDER=demo, or no AI_BASE_URL outside production): no network,
 * deterministic, useful Portuguese. It cannot read the messages, so it answers from the request's
 * structured `task`; the training code path is the same as with a real model (call A's JSON is
 * parsed the same way). The UI shows 'modo demonstração' while it is active.
 */
/** The demo provider as the app's LLM port sees it (completeTurn only when tool calls are on). */
export interface DemoLlm {
  kind: 'demo';
  embeddings?: { model: string; embed(texts: string[]): Promise<number[][]> };
  complete(request: DemoRequest): Promise<string>;
  completeTurn?(request: DemoRequest): Promise<{ text: string | null; toolCalls: DemoToolCall[] }>;
}

export function createDemoLlm({ assembleSystemPrompt, embeddingsModel, toolCalls = 'auto' }: DemoAiMount): DemoLlm {
  const llm: DemoLlm = {
    kind: 'demo' as const,
    embeddings: embeddingsModel
      ? { model: embeddingsModel, embed: async (texts: string[]) => texts.map(demoEmbed) }
      : undefined,
    async complete(request: DemoRequest): Promise<string> {
      const task = request.task;
      switch (task?.kind) {
        case 'refinement-questions':
          return JSON.stringify(pickRefinementQuestions(task.respostas));
        case 'system-prompt':
          return assembleSystemPrompt(task.respostas, task.apelido);
        case 'reply': {
          // A booking conversation, when the app offered the agenda's tools (agenda-reply.ts).
          const agenda = demoAgendaStep({ ...request, toolChoice: 'none' }, task.history);
          if (agenda && 'text' in agenda) return agenda.text;
          // What its lookups found counts as facts, after the ones it was given.
          return demoReply(
            task.systemPrompt,
            task.respostas,
            task.history,
            [...(task.facts ?? []), ...toolResultFacts(request)],
            { pix: task.pix ?? true },
          );
        }
        case 'follow-up':
          return demoFollowUp(task.history, task.step, task.previous);
        case 'campaign-variation':
          return demoCampaignVariation(task.text, task.seed);
        case 'campaign-suggestion':
          return demoCampaignSuggestion(task.goal, task.business);
        case 'price-list':
          return JSON.stringify(demoPriceList(task.text));
        case 'judge':
          return JSON.stringify(demoJudge(task));
        case 'prompt-coach':
          return JSON.stringify(demoPromptCoach(task.currentPrompt, task.instruction, task.full, task.catalogue));
        default: {
          const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
          return demoReply(
            system,
            [],
            request.messages.filter((m): m is DemoMessage => m.role !== 'system' && m.role !== 'tool'),
          );
        }
      }
    },
  };
  if (toolCalls === 'off') return llm;
  return {
    ...llm,
    /** A turn that may look facts up first (tool-calls.ts), else the answer. */
    async completeTurn(request: DemoRequest) {
      const agenda = request.task?.kind === 'reply' ? demoAgendaStep(request, request.task.history) : null;
      if (agenda)
        return 'calls' in agenda ? { text: null, toolCalls: agenda.calls } : { text: agenda.text, toolCalls: [] };
      const calls = demoToolCalls(request);
      return calls.length ? { text: null, toolCalls: calls } : { text: await llm.complete(request), toolCalls: [] };
    },
  };
}
