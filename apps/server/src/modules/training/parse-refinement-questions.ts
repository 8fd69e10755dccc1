import { z } from 'zod';
import { LIMITS, type RefinementQuestion, type RefinementSet } from '@vendai/contracts';
import { extractJsonCandidates, tryJson } from '../../lib/extract-json.ts';

export { extractJsonCandidates };

/**
 * Call A's answer → refinement questions (docs/product/messages.md): the text as JSON; else a JSON object found
 * inside the text (code fences, prose around it); else the default questions on investment ticket,
 * sales-cycle length and lead qualification. When the AI failed outright, FAILURE_QUESTIONS.
 */

/** The spec's fallback questions, used when the AI answered something unusable. */
export const DEFAULT_QUESTIONS: readonly RefinementQuestion[] = [
  {
    pergunta:
      'Qual é o valor médio (ticket) que um cliente investe com você, e há opções de parcelamento ou de entrada mais acessível?',
    categoria: 'ticket',
    justificativa: 'Com a faixa de investimento a IA responde "quanto custa?" com segurança e oferece a opção certa.',
  },
  {
    pergunta: 'Quanto tempo costuma levar do primeiro contato até a compra, e o que faz o cliente decidir mais rápido?',
    categoria: 'ciclo_vendas',
    justificativa: 'Conhecer o ciclo de vendas ajuda a IA a saber quando insistir e quando dar espaço.',
  },
  {
    pergunta:
      'Quais informações a IA deve descobrir para saber se a pessoa está pronta para comprar (por exemplo necessidade, orçamento ou prazo)?',
    categoria: 'qualificacao',
    justificativa: 'Perguntas de qualificação separam quem quer comprar agora de quem só está pesquisando.',
  },
];

/** The two questions used when the AI could not be reached at all. */
export const FAILURE_QUESTIONS: readonly RefinementQuestion[] = [
  {
    pergunta: 'Quais perguntas os seus clientes mais fazem antes de comprar, e o que você costuma responder?',
    categoria: 'duvidas_frequentes',
    justificativa: 'As dúvidas frequentes viram respostas prontas para a IA usar nas conversas.',
  },
  {
    pergunta: 'Há mais alguma informação importante sobre o seu negócio que a IA precisa saber para vender bem?',
    categoria: 'geral',
    justificativa: 'Detalhes que não apareceram nas perguntas anteriores deixam o atendimento mais completo.',
  },
];

const DEFAULT_CONTEXT = 'Algumas informações que ajudam a IA a vender melhor.';

export function failureQuestionSet(): RefinementSet {
  return {
    perguntas: [...FAILURE_QUESTIONS],
    total: FAILURE_QUESTIONS.length,
    contexto: DEFAULT_CONTEXT,
    source: 'failure',
  };
}

export function fallbackQuestionSet(): RefinementSet {
  return {
    perguntas: [...DEFAULT_QUESTIONS],
    total: DEFAULT_QUESTIONS.length,
    contexto: DEFAULT_CONTEXT,
    source: 'fallback',
  };
}

const text = (max: number) => z.string().trim().max(max);

/** One question as models write it: the object asked for, English keys, or a bare string. */
const questionItemSchema = z.union([
  text(600)
    .min(1)
    .transform((pergunta) => ({ pergunta, categoria: 'geral', justificativa: '' })),
  z
    .object({
      pergunta: text(600).optional(),
      question: text(600).optional(),
      categoria: z.string().optional(),
      category: z.string().optional(),
      justificativa: z.string().optional(),
      justification: z.string().optional(),
    })
    .transform((q) => ({
      pergunta: q.pergunta || q.question || '',
      categoria: (q.categoria || q.category || 'geral').trim().slice(0, 60) || 'geral',
      justificativa: (q.justificativa || q.justification || '').trim().slice(0, 400),
    }))
    .refine((q) => q.pergunta.length > 0),
]);

/** The set: `{perguntas, total, contexto}` as asked, `questions` in English, or a bare array. */
const questionSetSchema = z.union([
  z.object({ perguntas: z.array(z.unknown()), contexto: z.unknown().optional() }),
  z
    .object({ questions: z.array(z.unknown()), contexto: z.unknown().optional(), context: z.unknown().optional() })
    .transform((v) => ({
      perguntas: v.questions,
      contexto: v.contexto ?? v.context,
    })),
  z.array(z.unknown()).transform((perguntas) => ({ perguntas, contexto: undefined })),
]);

/** A parsed JSON value → at most 6 distinct valid questions, padded to 3 with defaults; null if none. */
export function normaliseQuestionSet(value: unknown): Omit<RefinementSet, 'source'> | null {
  const set = questionSetSchema.safeParse(value);
  if (!set.success) return null;
  const seen = new Set<string>();
  const perguntas: RefinementQuestion[] = [];
  for (const raw of set.data.perguntas) {
    const item = questionItemSchema.safeParse(raw);
    if (!item.success) continue;
    const key = item.data.pergunta.toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(key)) continue;
    seen.add(key);
    perguntas.push(item.data);
  }
  if (perguntas.length === 0) return null;
  const clamped = perguntas.slice(0, LIMITS.refinementMax);
  for (const extra of DEFAULT_QUESTIONS) {
    if (clamped.length >= LIMITS.refinementMin) break;
    if (!clamped.some((q) => q.categoria === extra.categoria)) clamped.push(extra);
  }
  const contexto =
    typeof set.data.contexto === 'string' && set.data.contexto.trim()
      ? set.data.contexto.trim().slice(0, 500)
      : DEFAULT_CONTEXT;
  return { perguntas: clamped, total: clamped.length, contexto };
}

/** Call A's text → the refinement set, never throwing. */
export function parseRefinementQuestions(answer: string): RefinementSet {
  const direct = tryJson(answer.trim());
  const fromDirect = direct === undefined ? null : normaliseQuestionSet(direct);
  if (fromDirect) return { ...fromDirect, source: 'ai' };
  for (const candidate of extractJsonCandidates(answer)) {
    const parsed = tryJson(candidate);
    const set = parsed === undefined ? null : normaliseQuestionSet(parsed);
    if (set) return { ...set, source: 'ai-extracted' };
  }
  return fallbackQuestionSet();
}
