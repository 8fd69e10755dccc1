import { COACH, isPartialSuggestion, PROMPT_MAX, type CoachRequest, type CoachSuggestion } from '@vendai/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { coachRequestSchema } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { coachCatalogue, coachCatalogueLines } from '../../domain/facts/coach-catalogue.ts';
import { promptFingerprint } from '../../domain/prompt-versions/change-agent-prompt.ts';
import type { ChatMessage, Llm } from '../../integrations/llm/llm.ts';
import { AppError } from '../../lib/app-error.ts';
import { claimTestMessage } from '../../domain/usage/test-allowance.ts';
import { coachTemplates, renderCoachUser } from './coach-templates.ts';
import { parseCoachAnswer } from './parse-coach-answer.ts';
import { ownAgent } from './prompt-workshop-repository.ts';

const FULL_REMINDER =
  '\n\nAtenção: a sugestão anterior veio incompleta. Devolva o prompt INTEIRO, do início ao fim, com a mudança aplicada (mode "update").';
/** Room for a whole prompt in the answer (PROMPT_MAX characters is about 7,000 tokens). */
const COACH_MAX_TOKENS = 8_000;

/**
 * The prompt coach (docs/product/rules.md#states-and-transitions, docs/product/integrations.md suggest-prompt-edit): the AI gets the agent's saved prompt, the
 * owner's instruction and the last 8 coach messages, and answers clarify (a question) or update (a
 * full new prompt). A suggestion much shorter than the prompt is flagged partial. Nothing is saved
 * here; accepting is accept-suggestion.ts. AI failures → 502 (the coach shows its failure bubble).
 */
export async function suggestPromptEdit({
  db,
  llm,
  accountId,
  agentId,
  input,
  log,
}: {
  db: Db;
  llm: Llm;
  accountId: string;
  agentId: string;
  input: z.output<typeof coachRequestSchema> | CoachRequest;
  log: FastifyBaseLogger;
}): Promise<CoachSuggestion> {
  const agent = await ownAgent(db, accountId, agentId);
  const current = agent.systemPrompt;
  const full = input.full ?? false;
  const instruction = input.instruction.trim();
  const history: ChatMessage[] = (input.history ?? [])
    .slice(-COACH.historyMessages)
    .map((m) => ({ role: m.role, content: m.text }));
  // The account's catalogue (bounded, best matches first): the coach may propose a change to one of these items.
  const items = (await coachCatalogue(db, accountId, instruction)).map((i) => ({
    id: i.id,
    name: i.name,
    priceCents: i.priceCents,
    availability: i.availability,
    description: i.description,
    options: i.options.map((o) => ({ name: o.name, priceCents: o.priceCents })),
  }));
  const t = coachTemplates();
  // Counted in the plan's monthly test allowance (domain/usage/test-allowance.ts); given back on failure.
  const giveBack = await claimTestMessage(db, accountId, 'coach');
  const answer = await llm
    .complete({
      messages: [
        { role: 'system', content: t.system },
        ...history,
        {
          role: 'user',
          content: renderCoachUser(t.user, {
            prompt: current,
            instruction,
            full: full ? FULL_REMINDER : '',
            catalogue: coachCatalogueLines(items),
          }),
        },
      ],
      maxTokens: COACH_MAX_TOKENS,
      task: { kind: 'prompt-coach', currentPrompt: current, instruction, full, catalogue: items },
    })
    .catch(async (err: unknown) => {
      await giveBack();
      throw err;
    });
  const parsed = parseCoachAnswer(answer, items);
  if (!parsed) {
    log.warn('prompt coach: empty answer');
    throw new AppError('UPSTREAM');
  }
  const based_on = promptFingerprint(current);
  // A business fact: proposed as a FAQ entry (the web applies it through the knowledge API), the prompt unchanged.
  if (parsed.mode === 'faq' && parsed.faq)
    return { mode: 'faq', message: parsed.message, updated_prompt: null, partial: false, based_on, faq: parsed.faq };
  // A product's price, availability or description: proposed as a catalogue change (the web applies it through the catalogue API).
  if (parsed.mode === 'catalogue' && parsed.catalogue)
    return {
      mode: 'catalogue',
      message: parsed.message,
      updated_prompt: null,
      partial: false,
      based_on,
      catalogue: parsed.catalogue,
    };
  if (parsed.mode === 'clarify' || !parsed.updatedPrompt) {
    return { mode: 'clarify', message: parsed.message, updated_prompt: null, partial: false, based_on };
  }
  if (parsed.updatedPrompt === current.trim() || parsed.updatedPrompt === current) {
    return {
      mode: 'clarify',
      message: 'O prompt já está assim. O que mais você gostaria de mudar?',
      updated_prompt: null,
      partial: false,
      based_on,
    };
  }
  if (parsed.updatedPrompt.length > PROMPT_MAX) {
    return {
      mode: 'clarify',
      message: `A sugestão passou do tamanho máximo do prompt (${PROMPT_MAX.toLocaleString('pt-BR')} caracteres). Peça uma mudança menor ou mais específica.`,
      updated_prompt: null,
      partial: false,
      based_on,
    };
  }
  return {
    mode: 'update',
    message: parsed.message || 'Aqui está a sugestão com a mudança pedida.',
    updated_prompt: parsed.updatedPrompt,
    partial: isPartialSuggestion(current, parsed.updatedPrompt),
    based_on,
  };
}
