import {
  AGENT_NOT_FOUND_MESSAGE,
  agentSchema,
  coachAcceptSchema,
  coachRequestSchema,
  coachSuggestionSchema,
  PROMPT_VERSION_NOT_FOUND_MESSAGE,
  promptVersionSchema,
  promptVersionSummarySchema,
} from '@vendai/contracts';
import { z } from 'zod';
import { userRateLimit } from '../../plugins/rate-limits.ts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { acceptSuggestion } from './accept-suggestion.ts';
import { getPromptVersion } from './get-prompt-version.ts';
import { listPromptVersions } from './list-prompt-versions.ts';
import { restorePromptVersion } from './restore-prompt-version.ts';
import { suggestPromptEdit } from './suggest-prompt-edit.ts';

const params = z.object({ id: z.guid({ error: AGENT_NOT_FOUND_MESSAGE }) });
const versionParams = params.extend({ versionId: z.guid({ error: PROMPT_VERSION_NOT_FOUND_MESSAGE }) });

/**
 * /api/agents/:id/… — the prompt workshop on /ia-management (docs/decisions/014-prompt-workshop.md): the prompt coach and the
 * prompt versions. Manual saves are PATCH /api/agents/:id (agents module). Every route is the
 * user's own agent only (404 otherwise).
 */
/**
 * Prompt-coach suggestions per minute per user: each is an AI call on the account's agent; ten a minute is
 * more than a person reads, so it only stops a script. A product rule, not an operator's setting (decision 077).
 */
const COACH_SUGGESTIONS_PER_MINUTE = 10;

export const promptWorkshopRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);
  const { db, llm } = app.deps;
  const coachLimit = userRateLimit(
    COACH_SUGGESTIONS_PER_MINUTE,
    'Muitos pedidos à treinadora em pouco tempo. Aguarde um minuto e tente novamente.',
  );

  app.post(
    '/:id/prompt-coach',
    { config: coachLimit, schema: { params, body: coachRequestSchema, response: { 200: coachSuggestionSchema } } },
    async (req) =>
      suggestPromptEdit({ db, llm, accountId: req.user.id, agentId: req.params.id, input: req.body, log: req.log }),
  );

  app.post(
    '/:id/prompt-coach/accept',
    { schema: { params, body: coachAcceptSchema, response: { 200: agentSchema } } },
    async (req) => acceptSuggestion({ db, accountId: req.user.id, agentId: req.params.id, input: req.body }),
  );

  app.get(
    '/:id/prompt-versions',
    { schema: { params, response: { 200: z.array(promptVersionSummarySchema) } } },
    async (req) => listPromptVersions({ db, accountId: req.user.id, agentId: req.params.id }),
  );

  app.get(
    '/:id/prompt-versions/:versionId',
    { schema: { params: versionParams, response: { 200: promptVersionSchema } } },
    async (req) =>
      getPromptVersion({ db, accountId: req.user.id, agentId: req.params.id, versionId: req.params.versionId }),
  );

  app.post(
    '/:id/prompt-versions/:versionId/restore',
    { schema: { params: versionParams, response: { 200: agentSchema } } },
    async (req) =>
      restorePromptVersion({ db, accountId: req.user.id, agentId: req.params.id, versionId: req.params.versionId }),
  );
};
