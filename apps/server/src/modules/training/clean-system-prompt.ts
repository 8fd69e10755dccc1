import { PROMPT_RULES } from '../../domain/prompts/system-prompt.ts';
import { normalise } from '@vendai/contracts/answer-text';

/** Shorter than this, call B's answer is not a system prompt (an apology, an error text...). */
export const MIN_PROMPT_CHARS = 200;

/**
 * Call B's answer → the prompt to store, or null when it is unusable. Removes a code fence around
 * the whole answer, and appends the rules section when the model left out the spec's warning
 * (short messages, one question at a time, links only on real interest).
 */
export function cleanSystemPrompt(answer: string): string | null {
  let text = answer.trim();
  const fenced = /^```[a-zA-Z]*\s*\n([\s\S]*?)\n?```$/.exec(text);
  if (fenced) text = fenced[1]!.trim();
  // Reasoning models sometimes leak their thinking in <think> blocks.
  text = text.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  if (text.length < MIN_PROMPT_CHARS) return null;
  const n = normalise(text);
  if (!n.includes('uma pergunta por vez') || !n.includes('link')) {
    text = `${text}\n\n# Regras importantes\n${PROMPT_RULES.map((r) => `- ${r}`).join('\n')}`;
  }
  return text;
}
