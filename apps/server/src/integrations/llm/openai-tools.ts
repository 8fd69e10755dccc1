import type { APIError } from 'openai';
import type {
  ChatCompletionMessage,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { ChatRequest, CompletionTurn, LlmMessage } from './llm.ts';

/**
 * Tool calls on an OpenAI-compatible endpoint (docs/decisions/027-tool-calls-and-retrieved-context.md):
 * the port's messages and tools in the wire format, the answer's calls back, and the models that
 * refused tools in this process.
 */

/** The port's messages as chat-completions messages (tool turns as `tool_calls` and `tool` messages). */
export function toOpenAiMessages(messages: readonly LlmMessage[]): ChatCompletionMessageParam[] {
  return messages.map((m): ChatCompletionMessageParam => {
    if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
    if ('toolCalls' in m)
      return {
        role: 'assistant',
        content: m.content,
        tool_calls: m.toolCalls.map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.name, arguments: c.arguments },
        })),
      };
    return { role: m.role, content: m.content };
  });
}

/** The request's tools and tool choice as request parameters (none when not offered). */
export function toolParams(request: ChatRequest): { tools?: ChatCompletionTool[]; tool_choice?: 'auto' | 'none' } {
  if (!request.tools?.length) return {};
  return {
    tools: request.tools.map((t) => ({
      type: 'function',
      function: { name: t.name, description: t.description, parameters: t.parameters },
    })),
    tool_choice: request.toolChoice ?? 'auto',
  };
}

/** The answer's text and function calls (other kinds of call are ignored). */
export function turnOf(message: ChatCompletionMessage | undefined): CompletionTurn {
  const toolCalls = (message?.tool_calls ?? []).flatMap((c) =>
    c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments ?? '' }] : [],
  );
  const text = typeof message?.content === 'string' && message.content.trim() !== '' ? message.content : null;
  return { text, toolCalls };
}

/**
 * The endpoint refused the request because of its tools: a 400 (or 422) whose message names tools or
 * functions ('does not support tools', '"auto" tool choice requires --enable-auto-tool-choice',
 * 'tools param requires --jinja'). Any other failure is an ordinary failure.
 */
export function refusesTools(err: unknown, sdkError: typeof APIError): boolean {
  return (
    err instanceof sdkError && (err.status === 400 || err.status === 422) && /tool|function/i.test(err.message ?? '')
  );
}

/** Models (endpoint + model id) that refused tools in this process: they are not offered tools again. */
const modelsWithoutTools = new Set<string>();

export const toolsRefused = (key: string) => modelsWithoutTools.has(key);
export const rememberToolsRefused = (key: string) => void modelsWithoutTools.add(key);
