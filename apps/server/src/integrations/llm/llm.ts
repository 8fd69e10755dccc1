import type { AnswerItem, Availability } from '@vendai/contracts';

/**
 * The LLM port: OpenAI-style chat completions (and, when configured, embeddings) (docs/product/integrations.md "AI completion"). The
 * implementation is chosen by configuration (AI_PROVIDER / AI_BASE_URL, see create-llm.ts).
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A tool the model may call (OpenAI-style function tool): its arguments are described by a JSON schema. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** One call the model asked for: `arguments` is the model's JSON text, unchecked. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** The turns of a lookup: the model's calls, then one result per call (docs/decisions/027-tool-calls-and-retrieved-context.md). */
export type ToolTurnMessage =
  | { role: 'assistant'; content: string | null; toolCalls: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export type LlmMessage = ChatMessage | ToolTurnMessage;

/**
 * What a request is for, with its structured inputs. A real model ignores it (the messages say
 * everything); the offline demo provider, which cannot read prose, builds its answer from it.
 */
export type LlmTask =
  | { kind: 'refinement-questions'; respostas: AnswerItem[] }
  | { kind: 'system-prompt'; respostas: AnswerItem[]; apelido: string }
  | {
      kind: 'reply';
      systemPrompt: string;
      respostas: AnswerItem[];
      history: ChatMessage[];
      /** The business's facts given with the request (domain/facts), best first. */
      facts?: { label: string; text: string; photoId?: string; itemId?: string }[];
      /** The account can charge a Pix (the request's instructions say so; the demo AI follows them). */
      pix?: boolean;
    }
  | {
      kind: 'prompt-coach';
      currentPrompt: string;
      instruction: string;
      full: boolean;
      /** The account's active catalogue items the coach was shown (bounded, best matches first). */
      catalogue?: {
        id: string;
        name: string;
        priceCents: number | null;
        availability: Availability;
        options?: { name: string; priceCents: number | null }[];
      }[];
    }
  /** A price list's text (PDF, photo description) read into catalogue rows (decision 025). */
  | { kind: 'price-list'; text: string }
  /** A follow-up touch to a customer who went quiet (docs/decisions/037-follow-ups.md). */
  | { kind: 'follow-up'; systemPrompt: string; history: ChatMessage[]; step: number; previous: string | null }
  /** Judges an agent's test reply against a pt-BR rubric (docs/decisions/039-agent-tests.md). */
  | { kind: 'judge'; rubric: string; customer: string[]; reply: string; business: string }
  /** A campaign's text reworded for one contact (QR track: never one identical text to many; decision 072). */
  | { kind: 'campaign-variation'; text: string; seed: string }
  /** A campaign's text suggested from the owner's goal (decision 072). */
  | { kind: 'campaign-suggestion'; goal: string; business: string };

export interface ChatRequest {
  messages: LlmMessage[];
  /** Tools offered to the model (only through `completeTurn`; docs/decisions/027-tool-calls-and-retrieved-context.md). */
  tools?: ToolDefinition[];
  /** 'none': the model must answer in text now (the lookup's last round and the price guard's retry). */
  toolChoice?: 'auto' | 'none';
  /** Defaults: temperature 0.7, max tokens 2000, top_p 1 (docs/product/limits.md). */
  temperature?: number;
  maxTokens?: number;
  topP?: number;
  task?: LlmTask;
  /** Overrides the provider's retries (AI_MAX_RETRIES) for this call: 0 when the caller retries itself. */
  maxRetries?: number;
}

/**
 * Text embeddings (OpenAI-style POST /embeddings), present only when AI_EMBEDDINGS_MODEL is set: the
 * knowledge base ranks its candidates with them (docs/decisions/025-catalogue-and-price-guard.md).
 */
export interface Embeddings {
  /** The model the vectors come from (stored with each vector: another model's vectors are not compared). */
  readonly model: string;
  /** One vector per text, in order. Throws AppError UPSTREAM when the provider fails. */
  embed(texts: string[]): Promise<number[][]>;
}

export interface Llm {
  /** 'openai': any OpenAI-compatible endpoint; 'demo': the offline, deterministic provider. */
  readonly kind: 'openai' | 'demo';
  /** The answer text (choices[0].message.content). Throws AppError UPSTREAM when the provider fails. */
  complete(request: ChatRequest): Promise<string>;
  /**
   * One turn that may call the request's tools instead of answering: present when tool calls are on
   * (AI_TOOL_CALLS=auto). An endpoint that refuses tools is asked again without them, and that model is
   * not offered tools again in this process (the turn then just answers). Throws AppError UPSTREAM.
   */
  completeTurn?(request: ChatRequest): Promise<CompletionTurn>;
  /** Embeddings, when an embeddings model is configured. */
  readonly embeddings?: Embeddings;
}

/** A turn's outcome: the answer's text, or the tools the model calls first (then `text` may be null). */
export interface CompletionTurn {
  text: string | null;
  toolCalls: ToolCall[];
}

/** Sampling defaults of the spec (docs/product/integrations.md, docs/product/limits.md). */
export const LLM_DEFAULTS = { temperature: 0.7, maxTokens: 2000, topP: 1 } as const;
