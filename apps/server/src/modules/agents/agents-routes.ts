import {
  AGENT_NOT_FOUND_MESSAGE,
  agentSchema,
  agentSummarySchema,
  idParamsSchema,
  noContentSchema,
  updateAgentSchema,
} from '@vendai/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { OPEN_TO_TEAM, requireUser } from '../../plugins/require-user.ts';
import { deleteAgent } from './delete-agent.ts';
import { getAgent } from './get-agent.ts';
import { getCurrentAgent } from './get-current-agent.ts';
import { listAgents } from './list-agents.ts';
import { updateAgent } from './update-agent.ts';

const params = idParamsSchema(AGENT_NOT_FOUND_MESSAGE);

/** /api/agents: the signed-in user's AI agents (docs/product/rules.md#states-and-transitions "Agent", docs/product/integrations.md). */
export const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);
  const { db } = app.deps;

  app.get('/', { config: OPEN_TO_TEAM, schema: { response: { 200: z.array(agentSummarySchema) } } }, async (req) =>
    listAgents({ db, accountId: req.user.id }),
  );

  app.get('/current', { schema: { response: { 200: agentSchema } } }, async (req) =>
    getCurrentAgent({ db, accountId: req.user.id }),
  );

  app.get('/:id', { schema: { params, response: { 200: agentSchema } } }, async (req) =>
    getAgent({ db, accountId: req.user.id, id: req.params.id }),
  );

  app.patch('/:id', { schema: { params, body: updateAgentSchema, response: { 200: agentSchema } } }, async (req) =>
    updateAgent({ db, accountId: req.user.id, id: req.params.id, input: req.body }),
  );

  app.delete('/:id', { schema: { params, response: { 204: noContentSchema } } }, async (req, reply) => {
    await deleteAgent({ db, accountId: req.user.id, id: req.params.id });
    return reply.status(204).send();
  });
};
