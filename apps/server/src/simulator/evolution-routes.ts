import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from '../plugins/route-schemas.ts';
import {
  connectQuerySchema,
  evolutionAnswerSchema,
  evolutionBodySchema,
  fetchInstancesQuerySchema,
  instanceRoute,
} from './evolution-schemas.ts';
import type { Simulator } from './simulator.ts';
import type { SimInstance } from './simulator-repository.ts';
import { envelope, notFoundInstance, SimError } from './sim-error.ts';

type Json = Record<string, unknown>;
type InstanceRequest = FastifyRequest<{ Params: { instanceName: string }; Body: unknown; Querystring: Json }>;

/** Evolution's JSON body limit is 136 MB; media arrive as base64. */
const BODY_LIMIT = 32 * 1024 * 1024;

/**
 * The Evolution API 2.3.7 REST surface the Gateway port uses, plus fetchInstances and webhook
 * set/find (docs/evolution-api-contract.md#1-auth-base-paths-instance-addressing), mounted at /simulator/api. Guard order as there: unknown instance → 404
 * before auth; then the apikey (global key or that instance's token); errors in the envelope
 * `{status, error, response:{message}}`.
 */
export function evolutionRoutes(simulator: Simulator): FastifyPluginAsyncZod {
  return async (app) => {
    app.setErrorHandler((err: FastifyError | SimError, req, reply) => {
      if (err instanceof SimError) return reply.status(err.status).send(envelope(err.status, err.messages));
      const status = (err as FastifyError).statusCode ?? 500;
      if (status >= 500) req.log.error({ err }, 'simulator error');
      return reply.status(status).send(envelope(status, [status >= 500 ? 'Internal Server Error' : err.message]));
    });
    app.setNotFoundHandler((req, reply) => {
      reply
        .status(404)
        .send(
          envelope(404, [`Cannot ${req.method} ${req.url.split('?')[0]!.replace(/^\/simulator\/api/, '') || '/'}`]),
        );
    });

    const unauthorized = () => new SimError(401, 'Unauthorized');
    const apikeyOf = (req: FastifyRequest) => {
      const value = req.headers.apikey;
      return Array.isArray(value) ? value[0] : value;
    };

    /** instance-exists (404) → apikey (401); the instance is handed to the route. */
    const guarded =
      (run: (instance: SimInstance, req: InstanceRequest, reply: FastifyReply) => Promise<unknown>, status = 200) =>
      async (req: InstanceRequest, reply: FastifyReply) => {
        const instance = await simulator.findInstance(req.params.instanceName);
        if (!instance) throw notFoundInstance(req.params.instanceName);
        if (!simulator.authorize(apikeyOf(req), instance)) throw unauthorized();
        const result = await run(instance, req, reply);
        // Serialised here so a `null` answer (webhook/find with no config) is the JSON `null`, as Evolution sends it.
        return reply
          .status(status)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(result ?? null));
      };
    const body = (req: InstanceRequest): Json => (req.body && typeof req.body === 'object' ? (req.body as Json) : {});
    const withBody = (status: number) => ({ schema: instanceRoute(status, { body: evolutionBodySchema }) });
    const bare = (status: number) => ({ schema: instanceRoute(status) });

    app.get('/', { schema: { response: { 200: evolutionAnswerSchema } } }, async () => simulator.info());

    const createSchema = { body: evolutionBodySchema, response: { 201: evolutionAnswerSchema } };
    app.post('/instance/create', { bodyLimit: BODY_LIMIT, schema: createSchema }, async (req, reply) => {
      // Without :instanceName only the global key passes (docs/evolution-api-contract.md#1-auth-base-paths-instance-addressing).
      if (apikeyOf(req) !== simulator.apiKey) throw unauthorized();
      const input = req.body && typeof req.body === 'object' ? (req.body as Json) : {};
      const name = typeof input.instanceName === 'string' ? input.instanceName : '';
      if (name && (await simulator.findInstance(name)))
        throw new SimError(403, [`This name "${name}" is already in use.`]);
      return reply.status(201).send(await simulator.createInstance(input));
    });

    const fetchSchema = { querystring: fetchInstancesQuerySchema, response: { 200: evolutionAnswerSchema } };
    app.get('/instance/fetchInstances', { schema: fetchSchema }, async (req) => {
      const key = apikeyOf(req);
      if (!key) throw unauthorized();
      if (key !== simulator.apiKey) {
        // An instance token sees only the instances that carry it.
        const own = await simulator.fetchInstances({}, key);
        if (!own.length) throw unauthorized();
      }
      return simulator.fetchInstances(req.query ?? {}, key);
    });

    const connectSchema = { schema: instanceRoute(200, { querystring: connectQuerySchema }) };
    app.get(
      '/instance/connect/:instanceName',
      connectSchema,
      guarded((i, req) =>
        simulator.connect(i.name, { number: typeof req.query.number === 'string' ? req.query.number : undefined }),
      ),
    );
    app.get(
      '/instance/connectionState/:instanceName',
      bare(200),
      guarded((i) => simulator.connectionState(i.name)),
    );
    app.delete(
      '/instance/logout/:instanceName',
      bare(200),
      guarded((i) => simulator.logout(i.name)),
    );
    app.delete(
      '/instance/delete/:instanceName',
      bare(200),
      guarded((i) => simulator.deleteInstance(i.name)),
    );

    app.post(
      '/message/sendText/:instanceName',
      withBody(201),
      guarded((i, req) => simulator.sendText(i.name, body(req)), 201),
    );

    app.post(
      '/message/sendMedia/:instanceName',
      { bodyLimit: BODY_LIMIT, ...withBody(201) },
      guarded((i, req) => simulator.sendMedia(i.name, body(req)), 201),
    );

    app.post(
      '/chat/sendPresence/:instanceName',
      withBody(201),
      guarded((i, req) => simulator.sendPresence(i.name, body(req)), 201),
    );
    app.post(
      '/chat/markMessageAsRead/:instanceName',
      withBody(201),
      guarded((i, req) => simulator.markMessageAsRead(i.name, body(req)), 201),
    );
    app.post(
      '/chat/findMessages/:instanceName',
      withBody(200),
      guarded((i, req) => simulator.findMessages(i.name, body(req))),
    );
    app.post(
      '/chat/findContacts/:instanceName',
      withBody(200),
      guarded((i, req) => simulator.findContacts(i.name, body(req))),
    );
    app.post(
      '/chat/fetchProfilePictureUrl/:instanceName',
      withBody(200),
      guarded((i, req) => simulator.fetchProfilePictureUrl(i.name, body(req))),
    );
    app.post(
      '/chat/whatsappNumbers/:instanceName',
      withBody(200),
      guarded((i, req) => simulator.whatsappNumbers(i.name, body(req))),
    );
    app.post(
      '/chat/getBase64FromMediaMessage/:instanceName',
      { bodyLimit: BODY_LIMIT, ...withBody(201) },
      guarded((i, req) => simulator.getBase64FromMediaMessage(i.name, body(req)), 201),
    );

    app.post(
      '/webhook/set/:instanceName',
      withBody(201),
      guarded((i, req) => simulator.setWebhook(i.name, body(req)), 201),
    );
    app.get(
      '/webhook/find/:instanceName',
      bare(200),
      guarded((i) => simulator.findWebhook(i.name)),
    );
  };
}
