import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

// Zod's own messages (a missing field, a wrong type) in Portuguese, on the server and in the web forms;
// the contracts' custom messages still win where a schema gives one.
z.config(z.locales.ptBR());

/**
 * Building blocks for route schemas (server: `schema: { params, querystring, body, response }` through
 * fastify-type-provider-zod; web: the same schemas for forms and for reading answers).
 */

/**
 * `:id` params. A malformed id cannot be one of the user's rows, so the server answers it like an
 * unknown id: 404 with `notFoundMessage` (the error handler maps params failures to NOT_FOUND).
 */
export function idParamsSchema(notFoundMessage: string = ERROR_CODES.NOT_FOUND.message) {
  return z.object({ id: z.guid({ error: notFoundMessage }) });
}

/** A row id as the database makes them (8-4-4-4-12 hex). One check for every place that needs it. */
export const uuidSchema = z.guid();

/** True when `value` has the shape of a row id (cursor parsing, ids read from bodies). */
export function isUuid(value: unknown): value is string {
  return uuidSchema.safeParse(value).success;
}

/** The answer of a 204: no body. */
export const noContentSchema = z.void().describe('Sem conteúdo');

/** A file answered as raw bytes with its own content-type (media, simulator media): documented, not serialized. */
export const fileResponseSchema = z.any().describe('O arquivo (bytes), com o content-type dele');
