import type { AgentTestCheck } from '@vendai/contracts';
import { z } from 'zod';
import type { Llm } from '../../integrations/llm/llm.ts';
import { extractJsonCandidates, tryJson } from '../../lib/extract-json.ts';

/**
 * The judge of an agent's test reply (docs/decisions/039-agent-tests.md): a model the operator configures
 * (AI_JUDGE_MODEL, default AI_MODEL) reads the owner's pt-BR rubric, the business's facts, the customer's
 * messages and the reply, and answers {"aprovado": true|false, "motivo": "…"}. An answer it cannot read
 * counts as a failed check (with that said), never as a pass.
 */

const verdictSchema = z.object({ aprovado: z.boolean(), motivo: z.string().optional() });

const JUDGE_INSTRUCTIONS = [
  'Você avalia a resposta de um assistente de vendas no WhatsApp de uma pequena empresa brasileira.',
  'Leia os critérios do dono do negócio, as informações do negócio, as mensagens do cliente e a resposta do assistente.',
  'A resposta é aprovada somente se atende a TODOS os critérios.',
  'Responda somente com um objeto JSON: {"aprovado": true ou false, "motivo": "uma frase curta em português"}.',
].join('\n');

export interface JudgeInput {
  rubric: string;
  customer: string[];
  reply: string;
  /** The agent's prompt and the facts given with the reply. */
  business: string;
}

function readVerdict(raw: string): z.infer<typeof verdictSchema> | null {
  for (const candidate of [raw.trim(), ...extractJsonCandidates(raw)]) {
    const parsed = verdictSchema.safeParse(tryJson(candidate));
    if (parsed.success) return parsed.data;
  }
  return null;
}

/** Bounded business text for the judge (the prompt can be long; the judge needs the facts, not all of it). */
const BUSINESS_MAX = 8_000;

export async function judgeReply(judge: Llm, input: JudgeInput): Promise<AgentTestCheck> {
  const business = input.business.slice(0, BUSINESS_MAX);
  const raw = await judge.complete({
    messages: [
      { role: 'system', content: JUDGE_INSTRUCTIONS },
      {
        role: 'user',
        content: [
          `CRITÉRIOS:\n${input.rubric}`,
          `INFORMAÇÕES DO NEGÓCIO:\n${business}`,
          `MENSAGENS DO CLIENTE:\n${input.customer.map((t) => `- ${t}`).join('\n')}`,
          `RESPOSTA DO ASSISTENTE:\n${input.reply}`,
        ].join('\n\n'),
      },
    ],
    temperature: 0,
    maxTokens: 300,
    task: { kind: 'judge', rubric: input.rubric, customer: input.customer, reply: input.reply, business },
  });
  const verdict = readVerdict(raw);
  if (!verdict) return { kind: 'juiz', label: 'Juiz', passed: false, detail: 'O juiz não deu um veredito legível.' };
  return {
    kind: 'juiz',
    label: 'Juiz',
    passed: verdict.aprovado,
    detail: verdict.motivo?.trim().slice(0, 300) || null,
  };
}
