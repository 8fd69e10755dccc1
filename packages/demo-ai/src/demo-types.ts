import type { AnswerItem } from '@vendai/contracts';
import type { DemoFact } from './fact-reply.ts';
import type { DemoCatalogueItem } from './prompt-coach-catalogue.ts';

/**
 * The part of the app's LLM port (apps/server/src/integrations/llm/llm.ts) the demo reads: the app
 * assigns the demo to its `Llm` type when it mounts it, so the two stay compatible by the compiler.
 */
export interface DemoMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A tool call the demo makes, as the app's port has it. */
export interface DemoToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** The turns of a lookup (the app's ToolTurnMessage): the calls, then each call's result (JSON). */
export type DemoToolTurn =
  | { role: 'assistant'; content: string | null; toolCalls: DemoToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

/** What a request is for: the demo cannot read prose, it answers from these structured inputs. */
export type DemoTask =
  | { kind: 'refinement-questions'; respostas: AnswerItem[] }
  | { kind: 'system-prompt'; respostas: AnswerItem[]; apelido: string }
  | {
      kind: 'reply';
      systemPrompt: string;
      respostas: AnswerItem[];
      history: DemoMessage[];
      facts?: DemoFact[];
      /** The account can charge a Pix (false: the business sends the payment details itself). */
      pix?: boolean;
    }
  | {
      kind: 'prompt-coach';
      currentPrompt: string;
      instruction: string;
      full: boolean;
      catalogue?: DemoCatalogueItem[];
    }
  | { kind: 'price-list'; text: string }
  | { kind: 'follow-up'; systemPrompt: string; history: DemoMessage[]; step: number; previous: string | null }
  | { kind: 'judge'; rubric: string; customer: string[]; reply: string; business: string }
  /** A campaign's text reworded for one contact (QR track: never one identical text to many; decision 072). */
  | { kind: 'campaign-variation'; text: string; seed: string }
  /** A campaign's text suggested from the owner's goal (decision 072). */
  | { kind: 'campaign-suggestion'; goal: string; business: string };

export interface DemoRequest {
  messages: (DemoMessage | DemoToolTurn)[];
  task?: DemoTask;
  /** The tools offered (the demo knows buscar_catalogo and buscar_conhecimento by name). */
  tools?: { name: string }[];
  toolChoice?: 'auto' | 'none';
}
