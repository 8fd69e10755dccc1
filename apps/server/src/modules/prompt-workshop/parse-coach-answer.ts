import { z } from 'zod';
import { extractJsonCandidates, tryJson } from '../../lib/extract-json.ts';
import { type CoachCatalogueChange, type CoachCatalogueItem, readCatalogueChange } from './parse-coach-catalogue.ts';

/**
 * The coach AI's text → clarify or update, never throwing (docs/product/rules.md#states-and-transitions "Prompt suggestion"): the
 * text as JSON; else a JSON object found inside it (code fences, prose around it); else the text
 * itself as a clarifying message. An 'update' without a prompt is a clarify with its message.
 */
export interface CoachAnswer {
  mode: 'clarify' | 'update' | 'faq' | 'catalogue';
  message: string;
  updatedPrompt: string | null;
  /** faq: the question and answer proposed for the knowledge base (the prompt is not changed). */
  faq?: { question: string; answer: string };
  /** catalogue: an item of the catalogue the coach was shown, changed, or a new item (the prompt is not changed). */
  catalogue?: CoachCatalogueChange;
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
    catalogue: z.unknown().optional().catch(undefined),
    catalogo: z.unknown().optional().catch(undefined),
  })
  .transform((v) => {
    const prompt = stripFence(v.updated_prompt ?? v.updatedPrompt ?? v.novo_prompt ?? v.prompt ?? '');
    const message = (v.message ?? v.mensagem ?? v.question ?? v.pergunta ?? '').trim();
    const mode = (v.mode ?? v.modo ?? '').trim().toLowerCase();
    const faq = v.faq ?? v.pergunta_frequente;
    const catalogue = v.catalogue ?? v.catalogo ?? null;
    return { mode, message, prompt, faq: faq?.question && faq.answer ? faq : null, catalogue };
  });

/** A prompt the model wrapped in a code fence (```markdown … ```), unwrapped. */
function stripFence(text: string): string {
  const t = text.trim();
  const fenced = /^```[a-zA-Z]*\s*\n([\s\S]*?)\n?```$/.exec(t);
  return (fenced ? fenced[1]! : t).trim();
}

const CATALOGUE_MODES = new Set(['catalogue', 'catalogo', 'catálogo']);
const NO_SUCH_ITEM =
  'Não encontrei esse item no catálogo. Qual produto ou serviço você quer mudar, e qual é o novo valor?';

function fromObject(
  value: unknown,
  source: CoachAnswer['source'],
  items: readonly CoachCatalogueItem[],
): CoachAnswer | null {
  const parsed = answerSchema.safeParse(value);
  if (!parsed.success) return null;
  const { mode, message, prompt, faq } = parsed.data;
  // A catalogue change: only for an item the coach was shown (or a new one), with values that read.
  if (CATALOGUE_MODES.has(mode) || (parsed.data.catalogue && !prompt && !faq)) {
    const change = readCatalogueChange(parsed.data.catalogue, items);
    if (change)
      return {
        mode: 'catalogue',
        message: (message || 'Sugiro fazer essa mudança no Catálogo.').slice(0, MESSAGE_MAX),
        updatedPrompt: null,
        catalogue: change,
        source,
      };
    if (CATALOGUE_MODES.has(mode)) return { mode: 'clarify', message: NO_SUCH_ITEM, updatedPrompt: null, source };
  }
  if (!message && !prompt && !faq) return null;
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
export function parseCoachAnswer(answer: string, items: readonly CoachCatalogueItem[] = []): CoachAnswer | null {
  const text = answer.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  if (!text) return null;
  const direct = tryJson(text);
  const fromDirect = direct === undefined ? null : fromObject(direct, 'json', items);
  if (fromDirect) return fromDirect;
  for (const candidate of extractJsonCandidates(text)) {
    const parsed = tryJson(candidate);
    const found = parsed === undefined ? null : fromObject(parsed, 'json-extracted', items);
    if (found) return found;
  }
  // Not JSON at all: the model talked to the owner; show it as a question, never as a prompt.
  const plain = stripFence(text);
  return plain ? { mode: 'clarify', message: plain.slice(0, MESSAGE_MAX), updatedPrompt: null, source: 'text' } : null;
}
