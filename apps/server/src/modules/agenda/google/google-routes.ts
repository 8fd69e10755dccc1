import {
  AGENDA_MESSAGES,
  googleCalendarLinksSchema,
  googleConsentSchema,
  idParamsSchema,
  noContentSchema,
} from '@vendai/contracts';
import { z } from 'zod';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { OWNER_ONLY, requireUser } from '../../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../../plugins/route-schemas.ts';
import { consentUrlFor, disconnect, finishLink, type GoogleLinkDeps } from './google-link-service.ts';
import { selectLink, selectLinks } from './google-links-repository.ts';
import { pullBusy } from './google-sync.ts';

const professionalParams = idParamsSchema(AGENDA_MESSAGES.professionalNotFound);

/**
 * /api/agenda/google (docs/decisions/070-agenda-in-the-chat.md): the links (the team sees them), connect
 * and disconnect (the owner), 'sincronizar agora'. `deps` null: Google Calendar is not configured.
 */
export const googleRoutes =
  (deps: GoogleLinkDeps | null): FastifyPluginAsyncZod =>
  async (app) => {
    requireUser(app, 'team');
    const configured = () => {
      // A 409 like Web Push's (a state of this server, not an outage): the owner's request is not retried.
      if (!deps) throw new AppError('CONFLICT', 'O Google Agenda não está configurado neste servidor.');
      return deps;
    };
    app.get('/', { schema: { response: { 200: googleCalendarLinksSchema } } }, async (req) => ({
      configured: deps !== null,
      links: (await selectLinks(app.deps.db, req.user.id)).map((l) => ({
        professionalId: l.professionalId,
        calendarId: l.calendarId,
        lastSyncedAt: l.lastSyncedAt?.toISOString() ?? null,
        lastError: l.lastError,
      })),
    }));
    app.post(
      '/:id/connect',
      { config: OWNER_ONLY, schema: { params: professionalParams, response: { 200: googleConsentSchema } } },
      async (req) => ({ url: await consentUrlFor(configured(), req.user.id, req.params.id) }),
    );
    app.post(
      '/:id/sync',
      { schema: { params: professionalParams, response: { 204: noContentSchema } } },
      async (req, reply) => {
        const link = await selectLink(app.deps.db, req.user.id, req.params.id);
        if (!link) throw notFound(AGENDA_MESSAGES.professionalNotFound);
        await pullBusy(configured(), link);
        return reply.code(204).send();
      },
    );
    app.delete(
      '/:id',
      { config: OWNER_ONLY, schema: { params: professionalParams, response: { 204: noContentSchema } } },
      async (req, reply) => {
        await disconnect(configured(), req.user.id, req.params.id);
        return reply.code(204).send();
      },
    );
  };

/**
 * GET /api/agenda/google/callback: where Google sends the browser back. No session needed (the signed
 * state says who asked); the owner lands on the agenda with the outcome in the address.
 */
export const googleCallbackRoute =
  (
    deps: GoogleLinkDeps | null,
    o: { appUrl: string; afterLink: (professionalId: string) => Promise<void> },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/callback',
      {
        schema: {
          querystring: z.object({
            state: z.string().max(2000).optional(),
            code: z.string().max(2000).optional(),
            error: z.string().max(200).optional(),
          }),
          // Google's consent page comes back here; the owner is sent on to the agenda with the outcome.
          response: { 302: noContentSchema.describe('Redireciona para /agenda?google=conectado|recusado|erro') },
        },
      },
      async (req, reply) => {
        const back = (outcome: string) => reply.redirect(`${o.appUrl}/agenda?google=${outcome}`);
        if (!deps || !req.query.state || !req.query.code || req.query.error) return back('recusado');
        try {
          const { professionalId } = await finishLink(deps, { state: req.query.state, code: req.query.code });
          await o.afterLink(professionalId);
          return back('conectado');
        } catch (err) {
          req.log.warn({ err }, 'google agenda: conexão não concluída');
          return back('erro');
        }
      },
    );
  };
