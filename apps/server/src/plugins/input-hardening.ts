import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import {
  exceedsJsonDepth,
  isStorableText,
  mayHoldUnstorableText,
  toStorableJson,
  toStorableText,
} from '../lib/safe-text.ts';

/**
 * Objects/arrays nested deeper than this are refused (400) before parsing. Gateway payloads (a message
 * quoting another, with its context info) stay well under 20 levels; app forms under 5.
 */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP_MESSAGE = 'O conteúdo enviado tem níveis demais de aninhamento.';
export const INVALID_PATH_MESSAGE = 'Endereço inválido.';

/**
 * Input hardening for every route, present and future (registered on the root before any route):
 * - JSON bodies (application/json and +json): nesting deeper than MAX_JSON_DEPTH → 400 before
 *   anything recursive runs (JSON.parse, better-auth's re-serialisation, zod, jsonb); prototype
 *   poisoning → 400 as before; then every string and key has U+0000 and lone surrogates replaced by
 *   U+FFFD (lib/safe-text.ts), so a webhook is stored and an API body is checked by its schema
 *   like any other text. text/plain bodies get the same repair.
 * - Query strings: the same repair (a search for "a\u0000" is a search for "a\uFFFD").
 * - Paths: a U+0000, a lone surrogate or a broken %-escape in a path parameter → 400.
 */
export function registerInputHardening(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) {
      done(new AppError('VALIDATION', TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(req, text, (err, value) => {
      if (err) done(err, undefined);
      else done(null, mayHoldUnstorableText(text) ? toStorableJson(value) : value);
    });
  });
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    done(null, toStorableText(body as string));
  });

  app.addHook('onRequest', async (req) => {
    const params = req.params as Record<string, unknown> | undefined;
    if (params) {
      for (const value of Object.values(params)) {
        // find-my-way leaves a parameter it cannot %-decode as it came (still holding the '%').
        if (typeof value === 'string' && (!isStorableText(value) || /%[0-9a-f]{2}/i.test(value))) {
          throw new AppError('VALIDATION', INVALID_PATH_MESSAGE);
        }
      }
    }
  });
  app.addHook('preValidation', async (req) => {
    const query = req.query as Record<string, unknown> | undefined;
    if (query && typeof query === 'object') toStorableJson(query);
  });
}
