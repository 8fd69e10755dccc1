import {
  funnelCardPageSchema,
  funnelMoveInputSchema,
  funnelMoveSchema,
  funnelStageDtoSchema,
  funnelStageInputSchema,
  funnelStageListSchema,
  funnelStageOrderSchema,
  FUNNEL_MESSAGES,
  idParamsSchema,
  noContentSchema,
  pageQuerySchema,
} from '@vendai/contracts';
import type { FastifyInstance } from 'fastify';
import { OWNER_ONLY, requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { listCards } from './list-cards.ts';
import { moveCard } from './move-card.ts';
import { createStage, deleteStage, listStages, renameStage, reorderStages } from './stages-service.ts';

const stageParams = idParamsSchema(FUNNEL_MESSAGES.stageNotFound);
const convParams = idParamsSchema(FUNNEL_MESSAGES.conversationNotFound);

/** Tells the account's other open boards to reload the columns. */
const stagesChanged = (app: FastifyInstance, accountId: string) =>
  app.deps.realtime.publish(accountId, { event: 'funnel.stages.updated', data: {} });

/**
 * /api/funnel: 'Funil de vendas' (docs/decisions/043-labels-notes-funnel.md). The whole team uses the board
 * (reads it, moves cards); changing the stages is the owner's.
 */
export const funnelRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app, 'team');
  const { db } = app.deps;
  app.get('/stages', { schema: { response: { 200: funnelStageListSchema } } }, async (req) => ({
    items: await listStages(db, req.user.id),
  }));
  app.post(
    '/stages',
    { config: OWNER_ONLY, schema: { body: funnelStageInputSchema, response: { 201: funnelStageDtoSchema } } },
    async (req, reply) => {
      const stage = await createStage(db, req.user.id, req.body);
      await stagesChanged(app, req.user.id);
      return reply.code(201).send(stage);
    },
  );
  app.put(
    '/stages/order',
    { config: OWNER_ONLY, schema: { body: funnelStageOrderSchema, response: { 200: funnelStageListSchema } } },
    async (req) => {
      const items = await reorderStages(db, req.user.id, req.body.stageIds);
      await stagesChanged(app, req.user.id);
      return { items };
    },
  );
  app.patch(
    '/stages/:id',
    {
      config: OWNER_ONLY,
      schema: { params: stageParams, body: funnelStageInputSchema, response: { 200: funnelStageDtoSchema } },
    },
    async (req) => {
      const stage = await renameStage(db, req.user.id, req.params.id, req.body);
      await stagesChanged(app, req.user.id);
      return stage;
    },
  );
  app.delete(
    '/stages/:id',
    { config: OWNER_ONLY, schema: { params: stageParams, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await deleteStage(db, req.user.id, req.params.id);
      await stagesChanged(app, req.user.id);
      return reply.status(204).send();
    },
  );
  app.get(
    '/stages/:id/cards',
    { schema: { params: stageParams, querystring: pageQuerySchema, response: { 200: funnelCardPageSchema } } },
    async (req) => listCards(db, req.user.id, req.params.id, req.query.cursor),
  );
  app.put(
    '/conversations/:id/stage',
    { schema: { params: convParams, body: funnelMoveInputSchema, response: { 200: funnelMoveSchema } } },
    async (req) => {
      const move = await moveCard(
        { db, jobs: app.deps.jobs, events: app.deps.events, log: req.log },
        {
          accountId: req.user.id,
          actorId: req.user.actorId,
          convId: req.params.id,
          stageId: req.body.stageId,
        },
      );
      await app.deps.realtime.publish(req.user.id, { event: 'funnel.moved', data: move });
      return move;
    },
  );
};
