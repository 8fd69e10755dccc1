import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ERROR_CODES } from '@vendai/contracts';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

/** Maps every error to `{error:{code,message,fields?}}` with a Portuguese message; 5xx hides internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    // A handler (e.g. @fastify/static streaming a file that vanished) may already have set another
    // content type; the error body is always JSON.
    reply.type('application/json; charset=utf-8');
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, err.message);
      return reply.status(err.status).send({ error: { code: err.code, message: err.message, fields: err.fields } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) return sendSchemaValidationError(err, reply);
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: { code: 'RATE_LIMITED', message: ERROR_CODES.RATE_LIMITED.message } });
    }
    if (status === 413) {
      return reply.status(413).send({ error: { code: 'VALIDATION', message: 'O conteúdo enviado é grande demais.' } });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and similar client mistakes.
      req.log.info({ err: err.message }, 'bad request');
      return reply
        .status(status)
        .send({ error: { code: 'VALIDATION', message: 'Requisição inválida. Verifique os dados enviados.' } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: ERROR_CODES.INTERNAL.message } });
  });
}

type SchemaValidationError = FastifyError & {
  validation: { instancePath: string; message?: string }[];
  validationContext?: string;
};

/**
 * A route schema refused the request. Params name a row (`:id`): a malformed one is answered like an
 * unknown one, 404 with the schema's message. Body and query: 400 VALIDATION with the first Portuguese
 * message and one message per field (the shape the web forms read).
 */
function sendSchemaValidationError(err: SchemaValidationError, reply: FastifyReply) {
  const fields: Record<string, string> = {};
  for (const issue of err.validation) {
    const key = issue.instancePath.slice(1).replaceAll('/', '.') || '_';
    fields[key] ??= issue.message ?? ERROR_CODES.VALIDATION.message;
  }
  const first = Object.values(fields)[0] ?? ERROR_CODES.VALIDATION.message;
  if (err.validationContext === 'params') {
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: first } });
  }
  return reply.status(400).send({ error: { code: 'VALIDATION', message: first, fields } });
}

/**
 * The JSON 404 for unknown API routes. Fastify allows one root not-found handler, so web-app.ts
 * installs it (alone, or behind the SPA fallback when the web build is served).
 */
export function sendNotFound(reply: FastifyReply) {
  return reply.status(404).send({ error: { code: 'NOT_FOUND', message: ERROR_CODES.NOT_FOUND.message } });
}
