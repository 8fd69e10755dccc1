import type { ChatRequest } from '../../integrations/llm/llm.ts';
import { buildHistory, type ContextMessage } from '../ai-reply/history.ts';

/** A touch is short: at most this many characters are sent. */
export const TOUCH_MAX_CHARS = 300;

/** Messages of the conversation the touch is written from. */
export const TOUCH_CONTEXT_MESSAGES = 12;

const TOUCH_INSTRUCTIONS = (step: number, previous: string | null) =>
  [
    'TAREFA: o cliente parou de responder. Escreva UMA mensagem curta de acompanhamento (no máximo duas frases),',
    'no seu tom de sempre, lembrando o que o cliente queria e o que foi oferecido na conversa.',
    'Seja gentil e útil, sem pressão, sem inventar preços, prazos ou promoções que não estejam na conversa.',
    `Este é o acompanhamento número ${step}.`,
    previous ? `Não repita nem parafraseie a mensagem anterior: "${previous}".` : '',
    'Responda somente com o texto da mensagem, sem aspas e sem JSON.',
  ]
    .filter(Boolean)
    .join('\n');

/**
 * The chat request for a follow-up touch: the agent's own prompt (its voice), the task, then the
 * conversation's latest messages. The offline demo AI writes it from `task` (packages/demo-ai).
 */
export function buildTouchRequest(
  agent: { systemPrompt: string },
  recentNewestFirst: ContextMessage[],
  step: number,
  previous: string | null,
): ChatRequest {
  const history = buildHistory(recentNewestFirst.slice(0, TOUCH_CONTEXT_MESSAGES));
  return {
    messages: [
      { role: 'system', content: `${agent.systemPrompt}\n\n${TOUCH_INSTRUCTIONS(step, previous)}` },
      ...history,
      { role: 'user', content: '(o cliente não respondeu; escreva o acompanhamento agora)' },
    ],
    maxTokens: 200,
    task: { kind: 'follow-up', systemPrompt: agent.systemPrompt, history, step, previous },
  };
}

/** The model's text as a touch: one plain message, cut to size; null when empty or the same as the previous one. */
export function cleanTouch(raw: string, previous: string | null): string | null {
  let text = raw
    .trim()
    .replace(/^["“']+|["”']+$/g, '')
    .trim();
  // A model that answered in the reply format anyway: its "reply" field.
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { reply?: unknown };
      text = typeof parsed.reply === 'string' ? parsed.reply.trim() : '';
    } catch {
      // plain text after all
    }
  }
  if (!text) return null;
  if (text.length > TOUCH_MAX_CHARS) text = `${text.slice(0, TOUCH_MAX_CHARS - 1).trimEnd()}…`;
  if (previous && normalise(previous) === normalise(text)) return null;
  return text;
}

const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
