import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { finishTrainingSchema, FinishTrainingResult } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { linkNewAgentIfObvious } from '../../domain/agent-link/auto-link.ts';
import { publishNumberUpdated } from '../../realtime/publish-number-updated.ts';
import { recordPromptVersion } from '../../domain/prompt-versions/prompt-versions-repository.ts';
import { assertWithinLimit } from '../../domain/usage/assert-within-limit.ts';
import { assembleSystemPrompt } from '../../domain/prompts/system-prompt.ts';
import type { AppDeps } from '../../types.ts';
import { agentNotFound } from '../../domain/agents/agent-id.ts';
import {
  insertAgent,
  insertUsageTraining,
  lockAccountForLimits,
  retrainAgent,
} from '../../domain/agents/agents-repository.ts';
import { assertCanTrain } from './assert-can-train.ts';
import { cleanSystemPrompt } from './clean-system-prompt.ts';
import { formatAnswers } from './format-answers.ts';
import { promptTemplates, renderTemplate } from './prompt-templates.ts';

type Input = z.infer<typeof finishTrainingSchema>;

/**
 * Finishing the wizard (docs/product/rules.md#states-and-transitions): call B writes the system prompt from every answer; create mode
 * inserts the agent (active, trainnings 1), update mode increments trainnings on the user's own
 * agent; either way one usage_training 'TREINAMENTO' row, in the same transaction. If the AI fails,
 * the prompt is assembled from the answers so the training is never lost.
 */
export async function finishTraining({
  deps,
  accountId,
  input,
  log,
}: {
  deps: Pick<AppDeps, 'db' | 'llm'> & Partial<Pick<AppDeps, 'realtime'>>;
  accountId: string;
  input: Input;
  log: FastifyBaseLogger;
}): Promise<FinishTrainingResult> {
  const agentId = await assertCanTrain(deps.db, accountId, input.mode, input.agentId);
  const respostas = input.respostas;
  const apelido = input.apelido;

  let systemPrompt: string | null = null;
  try {
    const t = promptTemplates();
    const answer = await deps.llm.complete({
      messages: [
        { role: 'system', content: t.promptSystem },
        { role: 'user', content: renderTemplate(t.promptUser, { apelido, respostas: formatAnswers(respostas) }) },
      ],
      task: { kind: 'system-prompt', respostas, apelido },
    });
    systemPrompt = cleanSystemPrompt(answer);
    if (!systemPrompt)
      log.warn({ chars: answer.length }, 'system prompt: AI answer unusable, assembling it from the answers');
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'system prompt: AI failed, assembling it from the answers');
  }
  const promptSource = systemPrompt ? 'ai' : 'template';
  systemPrompt ??= assembleSystemPrompt(respostas, apelido);
  const finalPrompt = systemPrompt;

  const row = await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    // The limits were checked before the (slow) AI call; check again under a lock so two
    // parallel finishes cannot both pass.
    await lockAccountForLimits(tx, accountId);
    await assertWithinLimit(tx, accountId, agentId ? 'retrain' : 'create-agent');
    const saved = agentId
      ? await retrainAgent(tx, accountId, agentId, { apelido, respostas, systemPrompt: finalPrompt })
      : await insertAgent(tx, { userId: accountId, apelido, respostas, systemPrompt: finalPrompt });
    if (!saved) throw agentNotFound();
    await insertUsageTraining(tx, { userId: accountId, agentId: saved.id, type: 'TREINAMENTO' });
    await recordPromptVersion(tx, {
      userId: accountId,
      agentId: saved.id,
      source: agentId ? 'retraining' : 'training',
      systemPrompt: finalPrompt,
    });
    // First run (docs/decisions/013-first-run-auto-link.md): a new agent starts answering on the owner's only, agent-less number.
    const linkedNumberId = agentId ? null : await linkNewAgentIfObvious(tx, accountId, saved.id);
    return { saved, linkedNumberId };
  });

  if (row.linkedNumberId && deps.realtime)
    await publishNumberUpdated({ db: deps.db, realtime: deps.realtime, log }, row.linkedNumberId);
  return {
    agentId: row.saved.id,
    apelido: row.saved.apelido ?? apelido,
    trainnings: row.saved.trainnings,
    promptSource,
    linkedNumberId: row.linkedNumberId,
  };
}
