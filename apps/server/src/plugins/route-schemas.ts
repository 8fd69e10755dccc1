import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '@vendai/contracts';

/**
 * Route schemas (house rule): every route declares `schema: { params?, querystring?, body?, response }`
 * with zod schemas from `@vendai/contracts`, through fastify-type-provider-zod. Fastify validates the
 * input before the handler (failures become our Portuguese VALIDATION / NOT_FOUND bodies in
 * error-handler.ts) and serializes the answer through the response schema (fields not in it are dropped).
 * The same schemas produce the OpenAPI document at GET /api/openapi.json (outside production).
 *
 * A module writes its routes as:
 *
 *   export const thingsRoutes: FastifyPluginAsyncZod = async (app) => {
 *     app.get('/:id', { schema: { params: idParamsSchema(THING_NOT_FOUND), response: { 200: thingSchema } } },
 *       async (req) => getThing({ db, userId: req.user.id, id: req.params.id }));
 *   };
 */
export async function registerRouteSchemas(app: FastifyInstance, { exposeDocument }: { exposeDocument: boolean }) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A request without a body is read as `{}` (as validate() did), so the schema answers with its own
  // per-field messages ('Informe seu nome completo.') instead of "expected an object".
  app.addHook('onRoute', (route) => {
    const body = route.schema?.body as { _zod?: { def: { type: string } } } | undefined;
    if (!body || body._zod?.def.type === 'unknown' || body._zod?.def.type === 'any') return;
    route.preValidation = [emptyBodyAsObject, ...toArray(route.preValidation)];
  });
  // In production no document is served, so @fastify/swagger (and the YAML parser it loads, ≈ 90 module
  // files) is not even imported, nor does it collect every route at start (docs/performance.md).
  if (!exposeDocument) return;
  const { default: swagger } = await import('@fastify/swagger');
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0', description: 'Gerado dos schemas declarados nas rotas.' },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

async function emptyBodyAsObject(req: FastifyRequest) {
  req.body ??= {};
}

const toArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export type { ZodTypeProvider };
export type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
