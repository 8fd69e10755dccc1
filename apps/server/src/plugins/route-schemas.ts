import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
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
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0', description: 'Gerado dos schemas declarados nas rotas.' },
    },
    transform: jsonSchemaTransform,
  });
  if (exposeDocument) {
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  }
}

export type { ZodTypeProvider };
export type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
