import type { FastifyPluginAsync } from 'fastify';
import { updateAgentSchema } from '@vendai/contracts';
import { validate } from '../../lib/validate.ts';
import { requireUser } from '../../plugins/require-user.ts';
import { agentId } from './agent-id.ts';
import { deleteAgent } from './delete-agent.ts';
import { getAgent } from './get-agent.ts';
import { getCurrentAgent } from './get-current-agent.ts';
import { listAgents } from './list-agents.ts';
import { updateAgent } from './update-agent.ts';

type IdParams = { Params: { id: string } };

/** /api/agents: the signed-in user's AI agents (part 2 "Agents list", §4 "Agent", §7). */
export const agentsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireUser(app));
  const { db } = app.deps;

  app.get('/', async (req) => listAgents({ db, userId: req.user.id }));

  app.get('/current', async (req) => getCurrentAgent({ db, userId: req.user.id }));

  app.get<IdParams>('/:id', async (req) => getAgent({ db, userId: req.user.id, id: agentId(req.params.id) }));

  app.patch<IdParams>('/:id', async (req) => {
    const id = agentId(req.params.id);
    return updateAgent({ db, userId: req.user.id, id, input: validate(updateAgentSchema, req.body) });
  });

  app.delete<IdParams>('/:id', async (req, reply) => {
    await deleteAgent({ db, userId: req.user.id, id: agentId(req.params.id) });
    return reply.status(204).send();
  });
};
