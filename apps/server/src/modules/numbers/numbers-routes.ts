import type { FastifyPluginAsync } from 'fastify';
import { checkPhoneSchema, createNumberSchema, updateNumberSchema } from '@vendai/contracts';
import { notFound } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import { requireUser } from '../../plugins/require-user.ts';
import { gatewayWebhookConfig } from '../../integrations/gateway/webhook-config.ts';
import { checkPhoneExists } from './check-phone-exists.ts';
import { createNumber } from './create-number.ts';
import { deleteNumber } from './delete-number.ts';
import { expireNumber } from './expire-number.ts';
import { getNumberQr } from './get-number-qr.ts';
import { getNumberState } from './get-number-state.ts';
import { listNumbers } from './list-numbers.ts';
import type { NumbersDeps } from './numbers-deps.ts';
import { reconnectNumber } from './reconnect-number.ts';
import { updateNumber } from './update-number.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type IdParams = { Params: { id: string } };

/** A number id from the path; anything that is not a uuid cannot be one of the user's numbers. */
function numberId(params: { id: string }): string {
  if (!UUID.test(params.id)) throw notFound();
  return params.id;
}

/** /api/numbers: the signed-in user's WhatsApp numbers (part 1 §4, part 2 "WhatsApp instances list"). */
export const numbersRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireUser(app));
  const { db, env, gateway, realtime } = app.deps;
  const deps: NumbersDeps = { db, gateway, realtime, log: app.log, webhookConfig: (number) => gatewayWebhookConfig(env, number) };

  app.get('/', async (req) => listNumbers({ db, userId: req.user.id }));

  app.post('/check-phone', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (req) =>
    checkPhoneExists({ db, userId: req.user.id, input: validate(checkPhoneSchema, req.body) }),
  );

  app.post('/', async (req, reply) => {
    const input = validate(createNumberSchema, req.body);
    return reply.status(201).send(await createNumber({ deps, userId: req.user.id, input }));
  });

  app.get<IdParams>('/:id/qr', async (req) => getNumberQr({ deps, userId: req.user.id, id: numberId(req.params) }));

  app.get<IdParams>('/:id/state', async (req) => getNumberState({ deps, userId: req.user.id, id: numberId(req.params) }));

  app.post<IdParams>('/:id/expire', async (req) => expireNumber({ deps, userId: req.user.id, id: numberId(req.params), log: req.log }));

  app.post<IdParams>('/:id/reconnect', async (req) => reconnectNumber({ deps, userId: req.user.id, id: numberId(req.params) }));

  app.patch<IdParams>('/:id', async (req) => {
    const id = numberId(req.params);
    return updateNumber({ deps, userId: req.user.id, id, input: validate(updateNumberSchema, req.body) });
  });

  app.delete<IdParams>('/:id', async (req, reply) => {
    await deleteNumber({ deps, userId: req.user.id, id: numberId(req.params), log: req.log });
    return reply.status(204).send();
  });
};
