import { z } from 'zod';
import { extractJsonCandidates, tryJson } from '../../lib/extract-json.ts';

/**
 * The coach AI's text → clarify or update, never throwing (docs/product/rules.md#states-and-transitions "Prompt suggestion"): the
 * text as JSON; else a JSON object found inside it (code fences, prose around it); else the text
 * itself as a clarifying message. An 'update' without a prompt is a clarify with its message.
 */
export interface CoachAnswer {
  mode: 'clarify' | 'update' | 'faq';
  message: string;
  updatedPrompt: string | null;
  /** faq: the question and answer proposed for the knowledge base (the prompt is not changed). */
  faq?: { question: string; answer: string };
  /** How the answer was read: JSON as asked, JSON found in prose, or plain text. */
  source: 'json' | 'json-extracted' | 'text';
}

const MESSAGE_MAX = 2_000;

const str = z.string().optional().catch(undefined);

const FAQ_QUESTION_MAX = 500;
const FAQ_ANSWER_MAX = 4_000;

/** A FAQ entry as models write it (question/answer or pergunta/resposta); null unless both are there. */
const faqSchema = z
  .object({ question: str, pergunta: str, answer: str, resposta: str })
  .transform((v) => ({
    question: (v.question ?? v.pergunta ?? '').trim().slice(0, FAQ_QUESTION_MAX),
    answer: (v.answer ?? v.resposta ?? '').trim().slice(0, FAQ_ANSWER_MAX),
  }))
  .nullish()
  .catch(null);

/** The object as models write it: the keys asked for, camelCase, or English/Portuguese synonyms. */
const answerSchema = z
  .object({
    mode: str,
    modo: str,
    message: str,
    mensagem: str,
    question: str,
    pergunta: str,
    updated_prompt: z.string().nullish().catch(undefined),
    updatedPrompt: z.string().nullish().catch(undefined),
    prompt: z.string().nullish().catch(undefined),
    novo_prompt: z.string().nullish().catch(undefined),
    faq: faqSchema,
    pergunta_frequente: faqSchema,
  })
  .transform((v) => {
    const prompt = stripFence(v.updated_prompt ?? v.updatedPrompt ?? v.novo_prompt ?? v.prompt ?? '');
    const message = (v.message ?? v.mensagem ?? v.question ?? v.pergunta ?? '').trim();
    const mode = (v.mode ?? v.modo ?? '').trim().toLowerCase();
    const faq = v.faq ?? v.pergunta_frequente;
    return { mode, message, prompt, faq: faq?.question && faq.answer ? faq : null };
  })
  .refine((v) => v.message !== '' || v.prompt !== '' || v.faq !== null);

/** A prompt the model wrapped in a code fence (```markdown … ```), unwrapped. */
function stripFence(text: string): string {
  const t = text.trim();
  const fenced = /^```[a-zA-Z]*\s*\n([\s\S]*?)\n?```$/.exec(t);
  return (fenced ? fenced[1]! : t).trim();
}

function fromObject(value: unknown, source: CoachAnswer['source']): CoachAnswer | null {
  const parsed = answerSchema.safeParse(value);
  if (!parsed.success) return null;
  const { mode, message, prompt, faq } = parsed.data;
  // A fact for the knowledge base: taken whenever the entry is complete, whatever else came with it.
  if (faq && (mode === 'faq' || mode === 'pergunta_frequente' || !prompt))
    return {
      mode: 'faq',
      message: (message || 'Sugiro guardar isso em Conhecimento, como pergunta frequente.').slice(0, MESSAGE_MAX),
      updatedPrompt: null,
      faq,
      source,
    };
  const clarify = mode === 'clarify' || mode === 'clarificar' || mode === 'pergunta';
  if (!clarify && prompt)
    return { mode: 'update', message: message.slice(0, MESSAGE_MAX), updatedPrompt: prompt, source };
  if (!message) return null;
  return { mode: 'clarify', message: message.slice(0, MESSAGE_MAX), updatedPrompt: null, source };
}

/** The answer text read as the coach's decision; null when it holds nothing usable (empty). */
export function parseCoachAnswer(answer: string): CoachAnswer | null {
  const text = answer.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  if (!text) return null;
  const direct = tryJson(text);
  const fromDirect = direct === undefined ? null : fromObject(direct, 'json');
  if (fromDirect) return fromDirect;
  for (const candidate of extractJsonCandidates(text)) {
    const parsed = tryJson(candidate);
    const found = parsed === undefined ? null : fromObject(parsed, 'json-extracted');
    if (found) return found;
  }
  // Not JSON at all: the model talked to the owner; show it as a question, never as a prompt.
  const plain = stripFence(text);
  return plain ? { mode: 'clarify', message: plain.slice(0, MESSAGE_MAX), updatedPrompt: null, source: 'text' } : null;
}
