import { createHmac } from 'node:crypto';
import { type GcalStandin, startGcalStandin } from '@vendai/gcal-standin';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Env } from '../../../config/env.ts';
import {
  GoogleCalendarClient,
  type GoogleCalendarConfig,
} from '../../../integrations/google-calendar/google-calendar.ts';
import { defineJob } from '../../../jobs/job.ts';
import type { GoogleLinkDeps } from './google-link-service.ts';
import { selectAllLinks } from './google-links-repository.ts';
import { googleCallbackRoute, googleRoutes } from './google-routes.ts';
import { pullBusy, pushBooking } from './google-sync.ts';

/** The stand-in's own OAuth client, used when GCAL_STANDIN_ENABLED and no client is configured. */
const STANDIN_CLIENT = { clientId: 'vendai-local.apps.googleusercontent.com', clientSecret: 'vendai-local-secret' };

const pushJob = {
  id: 'agenda.google-push',
  payload: z.object({ userId: z.string(), bookingId: z.string(), fromProfessionalId: z.string().optional() }),
  queue: { retryLimit: 20, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, deleteAfterSeconds: 86_400 },
};
const pullJob = {
  id: 'agenda.google-pull',
  payload: z.object({ professionalId: z.string().optional() }),
  cron: '*/5 * * * *',
  queue: { retryLimit: 1, expireInSeconds: 10 * 60, deleteAfterSeconds: 3600 },
  batchSize: 1,
};

/**
 * Google Calendar per professional (docs/decisions/070-agenda-in-the-chat.md): the client (Google's, or the
 * local stand-in's with GCAL_STANDIN_ENABLED), the routes under /api/agenda/google, a job per booking
 * change that writes it to the linked calendar (a listener of the booking events queues it: retried until
 * Google answers, safe to repeat), and a pass every five minutes reading Google's busy times into blocks.
 * Not configured: the routes say so and nothing listens.
 */
export async function registerGoogleCalendar(app: FastifyInstance, { routes = true }: { routes?: boolean } = {}) {
  const { env, db, events, jobs } = app.deps;
  const redirectUri = `${env.appUrl}/api/agenda/google/callback`;
  const standin =
    env.GCAL_STANDIN_ENABLED === 'true'
      ? await startGcalStandin({
          nodeEnv: env.NODE_ENV,
          clients: [
            {
              clientId: env.GOOGLE_CALENDAR_CLIENT_ID ?? STANDIN_CLIENT.clientId,
              clientSecret: env.GOOGLE_CALENDAR_CLIENT_SECRET ?? STANDIN_CLIENT.clientSecret,
              redirectUris: [redirectUri],
            },
          ],
        })
      : null;
  if (standin) {
    app.addHook('onClose', async () => standin.close());
    app.log.info({ url: standin.baseUrl }, 'google agenda local (stand-in) ligado');
  }
  const config = googleConfig(env, standin, redirectUri);
  const log = app.log.child({ module: 'google-calendar' });
  const deps: GoogleLinkDeps | null = config
    ? {
        db,
        log,
        client: new GoogleCalendarClient(config),
        sealKey: keyOf(env, 'vendai:google-calendar-token'),
        stateKey: keyOf(env, 'vendai:google-calendar-state'),
        now: () => new Date(),
      }
    : null;
  if (deps) {
    jobs.register(defineJob(pushJob, (d) => pushBooking(deps, d.userId, d.bookingId, d.fromProfessionalId)));
    jobs.register(
      defineJob(pullJob, async (d) => {
        for (const link of await selectAllLinks(db))
          if (!d.professionalId || link.professionalId === d.professionalId)
            await pullBusy(deps, link).catch((err) =>
              log.warn({ err, professionalId: link.professionalId }, 'google agenda: leitura falhou'),
            );
      }),
    );
    for (const name of ['booking.created', 'booking.moved', 'booking.cancelled', 'booking.status_changed'] as const)
      events.on(name, async (e) => {
        // Moved to another professional: the first one's calendar loses the event too.
        const from = 'previousProfessionalId' in e ? e.previousProfessionalId : undefined;
        await jobs.send(pushJob, {
          userId: e.userId,
          bookingId: e.bookingId,
          ...(from ? { fromProfessionalId: from } : {}),
        });
      });
  }
  if (routes) {
    await app.register(
      googleCallbackRoute(deps, {
        appUrl: env.appUrl,
        afterLink: async (professionalId) => void (await jobs.send(pullJob, { professionalId })),
      }),
      {
        prefix: '/api/agenda/google',
      },
    );
    await app.register(googleRoutes(deps), { prefix: '/api/agenda/google' });
  }
  app.decorate('googleCalendar', { standin, configured: deps !== null });
}

const keyOf = (env: Env, purpose: string) => createHmac('sha256', env.authSecret).update(purpose).digest();

function googleConfig(env: Env, standin: GcalStandin | null, redirectUri: string): GoogleCalendarConfig | null {
  const clientId = env.GOOGLE_CALENDAR_CLIENT_ID ?? (standin ? STANDIN_CLIENT.clientId : undefined);
  const clientSecret = env.GOOGLE_CALENDAR_CLIENT_SECRET ?? (standin ? STANDIN_CLIENT.clientSecret : undefined);
  if (!clientId || !clientSecret) return null;
  return {
    clientId,
    clientSecret,
    redirectUri,
    authUrl: standin?.authUrl ?? env.GOOGLE_OAUTH_AUTH_URL,
    tokenUrl: standin?.tokenUrl ?? env.GOOGLE_OAUTH_TOKEN_URL,
    apiRootUrl: standin ? `${standin.baseUrl}/` : env.GOOGLE_CALENDAR_API_URL,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Google Calendar internals for tests: the local stand-in when it runs. */
    googleCalendar: { standin: GcalStandin | null; configured: boolean };
  }
}
