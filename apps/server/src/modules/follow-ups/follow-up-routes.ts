import { AGENT_NOT_FOUND_MESSAGE, idParamsSchema } from '@vendai/contracts';
import {
  conversationFollowUpsSchema,
  followUpDtoSchema,
  followUpPreviewResultSchema,
  followUpPreviewSchema,
  followUpSettingsSchema,
  scheduleMessageSchema,
  updateFollowUpSettingsSchema,
} from '@vendai/contracts/follow-ups';
import { userRateLimit } from '../../plugins/rate-limits.ts';
import { OWNER_ONLY, requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { cancelFollowUp, listConversationFollowUps, scheduleMessage } from './conversation-follow-ups.ts';
import type { FollowUpWorker } from './follow-up-scheduler.ts';
import { getFollowUpSettings, saveFollowUpSettings } from './follow-up-settings.ts';
import { previewTouch } from './preview-touch.ts';

const agentParams = idParamsSchema(AGENT_NOT_FOUND_MESSAGE);
const params = idParamsSchema();

/**
 * Follow-ups (docs/decisions/037-follow-ups.md), under /api: the agent's ladder, a conversation's
 * follow-ups and 'Agendar', 'Cancelar', and the playground's preview of a touch.
 */
export const followUpRoutes: FastifyPluginAsyncZod<{ worker: FollowUpWorker | null }> = async (app, opts) => {
  // A conversation's follow-ups are the team's; the agent's ladder and the playground stay the owner's.
  requireUser(app, 'team');
  const { db, llm, env } = app.deps;

  app.get(
    '/agents/:id/follow-ups',
    { config: OWNER_ONLY, schema: { params: agentParams, response: { 200: followUpSettingsSchema } } },
    (req) => getFollowUpSettings(db, req.user.id, req.params.id),
  );
  app.put(
    '/agents/:id/follow-ups',
    {
      config: OWNER_ONLY,
      schema: { params: agentParams, body: updateFollowUpSettingsSchema, response: { 200: followUpSettingsSchema } },
    },
    async (req) => {
      const saved = await saveFollowUpSettings(db, req.user.id, req.params.id, req.body);
      opts.worker?.poke();
      return saved;
    },
  );
  app.get(
    '/conversations/:id/follow-ups',
    { schema: { params, response: { 200: conversationFollowUpsSchema } } },
    (req) => listConversationFollowUps(db, req.user.id, req.params.id),
  );
  app.post(
    '/conversations/:id/scheduled-messages',
    { schema: { params, body: scheduleMessageSchema, response: { 201: followUpDtoSchema } } },
    async (req, reply) => {
      const row = await scheduleMessage(db, req.user.id, req.params.id, req.body, new Date());
      return reply.status(201).send(row);
    },
  );
  app.post('/follow-ups/:id/cancel', { schema: { params, response: { 200: followUpDtoSchema } } }, (req) =>
    cancelFollowUp(db, req.user.id, req.params.id),
  );
  app.post(
    '/playground/follow-up-preview',
    {
      config: {
        ...OWNER_ONLY,
        ...userRateLimit(
          env.PLAYGROUND_RATE_LIMIT_PER_MINUTE,
          'Muitas mensagens de teste em pouco tempo. Aguarde um minuto e tente novamente.',
        ),
      },
      schema: { body: followUpPreviewSchema, response: { 200: followUpPreviewResultSchema } },
    },
    (req) => previewTouch({ db, llm }, req.user.id, req.body),
  );
};
