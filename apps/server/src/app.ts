import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { healthSchema, publicConfigSchema } from '@vendai/contracts';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { seedPlans } from './db/seed.ts';
import { createGateway, createGatewayEventHub, type Gateway } from './integrations/gateway/index.ts';
import { createLlm } from './integrations/llm/create-llm.ts';
import { createMediaAi } from './integrations/media-ai/create-media-ai.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import { createOutboxMailer } from './integrations/mail/outbox-mailer.ts';
import { createSmtpMailer } from './integrations/mail/smtp-mailer.ts';
import { createStorage } from './integrations/storage/create-storage.ts';
import { accountRoutes } from './modules/account/account-routes.ts';
import { settingsRoutes } from './modules/settings/settings-routes.ts';
import { agentsRoutes } from './modules/agents/agents-routes.ts';
import { conversationsRoutes } from './modules/conversations/conversations-routes.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import { createAuth, trustedOrigins } from './integrations/auth/create-auth.ts';
import { feedbackRoutes } from './modules/feedback/feedback-routes.ts';
import { mediaRoutes } from './modules/media/media-routes.ts';
import { numbersRoutes } from './modules/numbers/numbers-routes.ts';
import { plansRoutes } from './modules/plans/plans-routes.ts';
import { playgroundRoutes } from './modules/playground/playground-routes.ts';
import { promptWorkshopRoutes } from './modules/prompt-workshop/prompt-workshop-routes.ts';
import { trainingRoutes } from './modules/training/training-routes.ts';
import { resultsRoutes } from './modules/results/results-routes.ts';
import { registerResultsRollupJob } from './modules/results/rollup-job.ts';
import { usageRoutes } from './modules/usage/usage-routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks-routes.ts';
import { registerBilling } from './modules/billing/register-billing.ts';
import { withLogRedaction } from './lib/log-redaction.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputHardening } from './plugins/input-hardening.ts';
import { registerOriginGuard } from './plugins/origin-guard.ts';
import { registerPrivateResponses } from './plugins/private-responses.ts';
import { registerRouteSchemas, type ZodTypeProvider } from './plugins/route-schemas.ts';
import { publicConfig } from './config/public-config.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { registerSimulator } from './simulator/index.ts';
import { createJobRunner } from './jobs/job-runner.ts';
import { createEngine } from './modules/conversation-engine/create-engine.ts';
import { engineConfigFromEnv } from './modules/conversation-engine/engine-deps.ts';
import { engineRoutes } from './modules/conversation-engine/engine-routes.ts';
import { aiRetryRoutes } from './modules/conversation-engine/ai-retry-routes.ts';
import { insightRoutes } from './modules/conversation-engine/insight-routes.ts';
import { createRealtimeHub } from './realtime/create-realtime-hub.ts';
import { realtimeRoutes } from './realtime/realtime-routes.ts';
import type { AppDeps } from './types.ts';
import { DEFAULT_WEB_DIST } from './paths.ts';

export { DEFAULT_WEB_DIST };

export interface BuildAppOptions {
  env: Env;
  database: Database;
  /** Overrides the mail port chosen from the environment. */
  mailer?: Mailer;
  /** Overrides the WhatsApp gateway chosen from the environment (Evolution API or the built-in simulator). */
  gateway?: Gateway;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole app without listening: server.ts listens, tests use inject or listen on port 0. */
export async function buildApp({ env, database, mailer, gateway, logger }: BuildAppOptions) {
  const app = Fastify({
    // Secrets never reach a log line (lib/log-redaction.ts), whatever logger the caller chose.
    logger: withLogRedaction(logger, env),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });

  const mail =
    mailer ??
    (env.SMTP_URL
      ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
      : createOutboxMailer(database.db, app.log));
  const auth = createAuth({ env, db: database.db, mailer: mail, log: app.log });
  const realtime = createRealtimeHub({ database, log: app.log, validateEvents: env.NODE_ENV !== 'production' });
  const storage = createStorage(env);
  const llm = createLlm(env, app.log);
  // Durable jobs (pg-boss) in the app's own database: AI replies survive restarts (modules/conversation-engine).
  const jobs = createJobRunner({ database, log: app.log, pollSeconds: env.JOBS_POLL_SECONDS });
  const deps: AppDeps = {
    env,
    db: database.db,
    database,
    auth,
    mailer: mail,
    realtime,
    storage,
    llm,
    mediaAi: createMediaAi(env),
    gateway: gateway ?? createGateway(env),
    gatewayEvents: createGatewayEventHub(app.log),
    jobs,
  };
  app.decorate('deps', deps);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: for contact pictures, which WhatsApp serves from its own CDN (GET /api/conversations/:id/avatar).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube-nocookie.com'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The WhatsApp Business authorization test (/connect/whatsapp) opens the provider's dialog in a
    // popup that must keep its opener to post the code back: popups we open stay reachable, other
    // sites still cannot hold a handle to our pages. The callback page itself is served with
    // unsafe-none (plugins/web-app.ts), or arriving on it would cut the popup from its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // HSTS only makes sense when the app is served over HTTPS.
    hsts: env.appUrl.startsWith('https:'),
  });
  // JSON answers and the SPA's HTML over 1 KB are compressed (br, else gzip); built assets are served
  // precompressed (.br/.gz made by the web build, plugins/web-app.ts).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  registerErrorHandler(app);
  // Issue 13, for every route present and future: bounded, storable JSON and paths; no cross-site
  // state changes; no caching of API answers.
  registerInputHardening(app);
  registerOriginGuard(app, trustedOrigins(env));
  registerPrivateResponses(app);
  await registerRouteSchemas(app, { exposeDocument: env.NODE_ENV !== 'production' });

  await seedPlans(database.db);

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => ({
    ok: true as const,
    database: database.kind,
    mail: mail.kind,
  }));
  routes.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () =>
    publicConfig(env, llm.kind === 'demo' ? 'demo' : 'live'),
  );
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(accountRoutes, { prefix: '/api/account' });
  await app.register(settingsRoutes, { prefix: '/api/settings' });
  await app.register(plansRoutes, { prefix: '/api/plans' });
  await app.register(usageRoutes, { prefix: '/api/usage' });
  await app.register(numbersRoutes, { prefix: '/api/numbers' });
  await app.register(agentsRoutes, { prefix: '/api/agents' });
  await app.register(promptWorkshopRoutes, { prefix: '/api/agents' });
  await app.register(playgroundRoutes, { prefix: '/api/playground' });
  await app.register(conversationsRoutes, { prefix: '/api/conversations' });
  await app.register(trainingRoutes, { prefix: '/api/training' });
  await app.register(feedbackRoutes, { prefix: '/api/feedback' });
  await app.register(resultsRoutes, { prefix: '/api/results' });
  await app.register(realtimeRoutes);
  await app.register(mediaRoutes, { prefix: '/api/media' });
  await app.register(webhooksRoutes, { prefix: '/webhooks/gateway' });
  if (env.simulatorEnabled) await registerSimulator(app, { db: database.db, env });
  // Plans and billing (issue 11): Stripe, or the local payments stand-in at /pagamentos-local.
  await registerBilling(app);

  // Conversation engine: ingests stored gateway events, answers with the AI, manual sends (issue 5).
  const engine = createEngine(
    {
      db: database.db,
      database,
      gateway: deps.gateway,
      mailer: mail,
      llm,
      mediaAi: deps.mediaAi,
      storage,
      realtime,
      jobs,
      log: app.log,
      config: engineConfigFromEnv(env),
    },
    { gatewayEvents: deps.gatewayEvents },
  );
  await app.register(engineRoutes, { prefix: '/api/conversations', engine });
  await app.register(aiRetryRoutes, { prefix: '/api/conversations', engine });
  await app.register(insightRoutes, { prefix: '/api/conversations', engine });
  // Resultados' hourly rollup, kept current in the background (modules/results/rollup-job.ts).
  registerResultsRollupJob(jobs, database.db);
  await jobs.start();
  engine.start();
  // preClose: background work stops before the HTTP server waits for its connections to end. While it
  // waits, connections that finish their request meanwhile (the gateway's keep-alive ones) are closed
  // as soon as they are idle, instead of after the 72 s keep-alive timeout.
  let idleReaper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    await engine.stop();
    await jobs.stop();
    idleReaper = setInterval(() => app.server.closeIdleConnections?.(), 200);
    idleReaper.unref();
  });
  app.addHook('onClose', async () => clearInterval(idleReaper));

  await registerWebApp(app, env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST);
  return app;
}
