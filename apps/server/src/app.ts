import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Env } from './config/env.ts';
import { fastifyTrustProxy } from './config/trust-proxy.ts';
import type { Database } from './db/client.ts';
import { seedPlans } from './db/seed.ts';
import { createGateway, createGatewayEventHub, type Gateway } from './integrations/gateway/index.ts';
import { createLlm } from './integrations/llm/create-llm.ts';
import { createMediaAi } from './integrations/media-ai/create-media-ai.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import { createOutboxMailer } from './integrations/mail/outbox-mailer.ts';
import { createSmtpMailer } from './integrations/mail/smtp-mailer.ts';
import { createStorage } from './integrations/storage/create-storage.ts';
import { createAuth } from './integrations/auth/create-auth.ts';
import { accountModule } from './modules/account/index.ts';
import { settingsModule } from './modules/settings/index.ts';
import { agentsModule } from './modules/agents/index.ts';
import { catalogueModule } from './modules/catalogue/index.ts';
import { knowledgeModule } from './modules/knowledge/index.ts';
import { conversationsModule } from './modules/conversations/index.ts';
import { conversationSearchModule } from './modules/conversation-search/index.ts';
import { quickRepliesModule } from './modules/quick-replies/index.ts';
import { sourceLinksModule } from './modules/ad-attribution/index.ts';
import { teamModule } from './modules/team/index.ts';
import { conversationToolsModule } from './modules/conversation-tools/index.ts';
import { authModule } from './modules/auth/index.ts';
import { feedbackModule } from './modules/feedback/index.ts';
import { mediaModule } from './modules/media/index.ts';
import { numbersModule } from './modules/numbers/index.ts';
import { registerNumberChecks } from './modules/numbers/sweep-numbers.ts';
import { plansModule } from './modules/plans/index.ts';
import { agentTestsModule, registerAgentTestJobs, resumeAgentTestRuns } from './modules/agent-tests/index.ts';
import { playgroundModule } from './modules/playground/index.ts';
import { promptWorkshopModule } from './modules/prompt-workshop/index.ts';
import { trainingModule } from './modules/training/index.ts';
import { resultsModule } from './modules/results/index.ts';
import { agentHintsModule } from './modules/agent-hints/index.ts';
import { ownerChannelModule } from './modules/owner-channel/index.ts';
import { funnelModule } from './modules/funnel/index.ts';
import { agendaModule, cancelBooking, listenForAgendaUpdates, setBookingStatus } from './modules/agenda/index.ts';
import { bookingRemindersModule, registerBookingReminders } from './modules/booking-reminders/index.ts';
import { agendaChatPort } from './modules/agenda/chat-port.ts';
import { registerDeposits } from './modules/agenda/deposit.ts';
import { registerGoogleCalendar } from './modules/agenda/google/register-google-calendar.ts';
import { privacyModule, registerRetentionJobs } from './modules/privacy/index.ts';
import { registerResultsRollupJob } from './modules/results/rollup-job.ts';
import { usageModule } from './modules/usage/index.ts';
import { metaWebhooksModule, webhooksModule } from './modules/webhooks/index.ts';
import { registerBilling } from './modules/billing/register-billing.ts';
import { registerPix } from './modules/pix/register-pix.ts';
import { registerWebPush } from './modules/web-push/register-web-push.ts';
import { registerCapi } from './modules/meta-capi/register-capi.ts';
import { withLogRedaction } from './lib/log-redaction.ts';
import { createRateLimitCounter } from './plugins/rate-limit-store.ts';
import { registerCorePlugins } from './plugins/core.ts';
import { appInfoRoutes } from './plugins/app-info-routes.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { registerSimulator } from './simulator/index.ts';
import {
  createAlarms,
  createMetrics,
  createPipelineTimer,
  instrumentGateway,
  instrumentLlm,
  registerObservability,
} from './observability/index.ts';
import { createJobRunner, jobTimings } from './jobs/job-runner.ts';
import { createEngine } from './modules/conversation-engine/create-engine.ts';
import { createEngineEvents } from './domain/engine-events/event-bus.ts';
import { listenForAnswerAlerts } from './domain/handoff/answer-alerts.ts';
import { listenForOrders } from './domain/orders/order-listener.ts';
import { listenForFunnelMoves } from './domain/funnel/funnel-listener.ts';
import { engineConfigFromEnv } from './modules/conversation-engine/engine-deps.ts';
import { engineRoutes } from './modules/conversation-engine/engine-routes.ts';
import { sendOutbound } from './domain/outbound/send-outbound.ts';
import { lookUpSend } from './domain/outbound/reconcile-send.ts';
import { createFollowUps } from './modules/follow-ups/create-follow-ups.ts';
import { followUpConfigFromEnv } from './modules/follow-ups/follow-up-deps.ts';
import { followUpRoutes } from './modules/follow-ups/follow-up-routes.ts';
import { listenForOptOuts } from './modules/follow-ups/opt-out-listener.ts';
import { createRealtimeHub } from './realtime/create-realtime-hub.ts';
import { realtimeRoutes } from './realtime/realtime-routes.ts';
import type { AppDeps } from './types.ts';
import { DEFAULT_WEB_DIST } from './paths.ts';
import { campaignsModule } from './modules/campaigns/index.ts';
import { createReminderSender } from './modules/booking-reminders/reminder-sender.ts';
import { createCampaignSender } from './modules/campaigns/campaign-sender.ts';
import { campaignConfigFromEnv } from './modules/campaigns/campaign-deps.ts';
import { campaignJobs } from './modules/campaigns/send-campaign.ts';
import { listenForCampaignOptOuts } from './modules/campaigns/opt-out-listener.ts';
import { createCloudTemplates } from './integrations/gateway/cloud-templates.ts';
import { cloudPacingOf } from './integrations/gateway/cloud-pacing.ts';
import { parseSecretKey } from './lib/secret-box.ts';

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
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  });

  const mail =
    mailer ??
    (env.SMTP_URL
      ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
      : createOutboxMailer(database.db, app.log, { logLinks: env.NODE_ENV !== 'production' }));
  const auth = createAuth({ env, db: database.db, mailer: mail, log: app.log });
  const realtime = createRealtimeHub({ database, log: app.log, validateEvents: env.NODE_ENV !== 'production' });
  const storage = createStorage(env);
  // Prometheus series of this process (observability/): the LLM and gateway ports are timed and counted.
  const metrics = createMetrics(database);
  const llm = instrumentLlm(createLlm(env, app.log), metrics);
  // What this process does (docs/decisions/030-process-roles.md): `web` serves people and the gateway,
  // `worker` does the background work, `all` both.
  const serves = env.VENDAI_ROLE !== 'worker';
  const works = env.VENDAI_ROLE !== 'web';
  // Durable jobs (pg-boss) in the app's own database: AI replies survive restarts (modules/conversation-engine).
  const jobs = createJobRunner({ database, log: app.log, work: works, ...jobTimings(env) });
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
    gateway: instrumentGateway(gateway ?? createGateway(env, database.db), metrics),
    gatewayEvents: createGatewayEventHub(app.log),
    jobs,
    rateLimits: createRateLimitCounter(database.db),
    // The engine's named events; the features that react listen below (docs/decisions/057-engine-events.md).
    events: createEngineEvents(app.log),
    alarms: createAlarms(metrics, app.log),
  };
  app.decorate('deps', deps);

  // Security headers, compression, cookies, shared rate limits, websockets, errors, input hardening,
  // the Origin guard, private API answers and route schemas: for every route, present and future.
  await registerCorePlugins(app);
  await registerObservability(app, metrics);

  await seedPlans(database.db);

  // The feature modules, each mounted at the prefix its index.ts declares (plugins/app-module.ts). A worker
  // answers only /api/health and /api/config here (and /api/ready, /metrics above), for orchestrators.
  await app.register(appInfoRoutes);
  for (const feature of [
    authModule,
    accountModule,
    settingsModule,
    plansModule,
    usageModule,
    numbersModule,
    agentsModule,
    catalogueModule,
    knowledgeModule,
    promptWorkshopModule,
    playgroundModule,
    agentTestsModule,
    conversationsModule,
    conversationSearchModule,
    quickRepliesModule,
    sourceLinksModule,
    teamModule,
    conversationToolsModule,
    trainingModule,
    feedbackModule,
    resultsModule,
    agentHintsModule,
    ownerChannelModule,
    funnelModule,
    agendaModule,
    bookingRemindersModule,
    campaignsModule,
    privacyModule,
    realtimeRoutes,
    mediaModule,
    webhooksModule,
    metaWebhooksModule,
  ])
    if (serves) await app.register(feature);

  // Stand-ins for outside services, mounted only when enabled (the WhatsApp simulator).
  if (env.simulatorEnabled && serves) await registerSimulator(app, { db: database.db, env });
  // Plans and billing (docs/decisions/012-payments-stripe-and-local-stand-in.md): Stripe, or the local
  // payments stand-in at /pagamentos-local. Decorates the app (app.billing), so it is not a module plugin.
  await registerBilling(app, { routes: serves });
  // Pix charges in the chat (docs/decisions/038-pix-charges.md): /api/pix, /webhooks/pix, the charge
  // job, and outside production the local Pix stand-in at /pix-local. Decorates the app (app.pix).
  await registerPix(app, { routes: serves });
  // Web Push to the members' phones (docs/decisions/067-web-push.md): /api/push and the listener of the
  // engine's events. Decorates the app (app.webPush).
  await registerWebPush(app, { routes: serves });
  // Meta's Conversions API for business messaging (docs/decisions/071-ad-attribution.md): /api/capi, the
  // listener of 'lead.hot' and 'order.paid', the send job. Decorates the app (app.capi).
  await registerCapi(app, { routes: serves });
  // Google Calendar per professional: bookings written to it, its busy times as blocks (decision 070).
  await registerGoogleCalendar(app, { routes: serves });

  // The features that react to the engine's named events listen here (docs/decisions/060-events-features-listen.md).
  const { events } = deps;
  const alerts = { db: database.db, gateway: deps.gateway, mailer: mail, log: app.log, appUrl: env.appUrl, jobs };
  listenForAnswerAlerts(events, alerts);
  listenForOrders(events, alerts);
  const publish = { db: database.db, jobs, log: app.log, events };
  listenForFunnelMoves(events, { db: database.db, realtime, log: app.log, publish });
  listenForAgendaUpdates(events, realtime);
  // The agenda's sinal: its holds released when unpaid, booked when paid (docs/decisions/074-agenda-deposit.md).
  registerDeposits(publish);

  // Conversation engine: ingests stored gateway events, answers with the AI, manual sends
  // (docs/decisions/005-conversation-engine.md). Its lifecycle is the app's (start, preClose below).
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
      events,
      log: app.log,
      config: engineConfigFromEnv(env),
      onFirstPartSent: createPipelineTimer(database, metrics),
      // The AI's booking tools, for accounts with an agenda (docs/decisions/070-agenda-in-the-chat.md).
      agenda: agendaChatPort(publish),
    },
    { gatewayEvents: deps.gatewayEvents },
  );
  if (serves) await app.register(engineRoutes, { prefix: '/api/conversations', engine });
  // Follow-ups and scheduled messages (docs/decisions/037-follow-ups.md), sent through the one door out (decision 046).
  const followUps = createFollowUps(
    {
      db: database.db,
      llm,
      realtime,
      log: app.log,
      sender: {
        send: ({ contactJid, ...m }) => sendOutbound(engine.deps, { ...m, to: contactJid }),
        lookUp: (m, at) => lookUpSend(engine.deps, { ...m, image: false }, at),
      },
      alerts,
      config: followUpConfigFromEnv(env),
      now: () => new Date(),
    },
    { work: works },
  );
  // An opt-out cancels the planned follow-ups (docs/decisions/060-events-features-listen.md).
  listenForOptOuts(events, followUps.deps);
  if (serves) await app.register(followUpRoutes, { prefix: '/api', worker: followUps.worker });
  // Campaigns (docs/decisions/072-campaigns.md): sent by their own durable job through the one door out;
  // an opt-out ends the contact's marketing consent.
  const cloudTemplates = createCloudTemplates({
    graphUrl: env.META_GRAPH_URL,
    graphVersion: env.META_GRAPH_VERSION,
    key: env.META_TOKEN_ENCRYPTION_KEY ? parseSecretKey(env.META_TOKEN_ENCRYPTION_KEY) : null,
    ...cloudPacingOf(env, database.db),
  });
  const campaignDeps = {
    db: database.db,
    llm,
    log: app.log,
    jobs,
    sender: createCampaignSender(engine.deps, cloudTemplates),
    templates: cloudTemplates,
    config: campaignConfigFromEnv(env),
    now: () => new Date(),
  };
  for (const job of campaignJobs(campaignDeps)) jobs.register(job);
  listenForCampaignOptOuts(events, { db: database.db });
  // The agenda's reminders (docs/decisions/073-booking-reminders.md): a sweep job through the one door out,
  // the customer's answers heard on 'customer.wrote'; the booking changes go through the agenda's services.
  registerBookingReminders(jobs, events, {
    db: database.db,
    log: app.log,
    jobs,
    realtime,
    sender: createReminderSender(engine.deps, cloudTemplates),
    agenda: {
      confirm: async (accountId, bookingId) => {
        await setBookingStatus(publish, { accountId, bookingId, status: 'confirmed', by: 'customer' });
      },
      cancel: async (accountId, bookingId) => {
        await cancelBooking(publish, {
          accountId,
          bookingId,
          by: 'customer',
          reason: 'Cancelado pelo cliente no lembrete.',
        });
      },
    },
    leaseMs: env.ENGINE_LEASE_SECONDS * 1000,
    now: () => new Date(),
  });
  // Resultados' hourly rollup, kept current in the background (modules/results/rollup-job.ts).
  registerResultsRollupJob(jobs, database.db);
  // Media past MEDIA_RETENTION_DAYS and processed webhooks' inline media (modules/privacy, decision 031).
  // Processed gateway webhooks past WEBHOOK_EVENTS_RETENTION_DAYS too.
  registerRetentionJobs(jobs, {
    db: database.db,
    storage,
    retentionDays: env.MEDIA_RETENTION_DAYS,
    webhookRetentionDays: env.WEBHOOK_EVENTS_RETENTION_DAYS,
  });
  // The phone that scanned must be the number's own; never-connected numbers expire (modules/numbers/sweep-numbers.ts).
  registerNumberChecks(app, jobs);
  // The agent's tests: runs as durable jobs, nightly and model-change runs (modules/agent-tests).
  registerAgentTestJobs(app, jobs);
  await jobs.start();
  if (works) await resumeAgentTestRuns(app, jobs);
  if (works) engine.start();
  else engine.startForwarding();
  followUps.start();
  // preClose: background work stops before the HTTP server waits for its connections to end. While it
  // waits, connections that finish their request meanwhile (the gateway's keep-alive ones) are closed
  // as soon as they are idle, instead of after the 72 s keep-alive timeout.
  let idleReaper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    await followUps.stop();
    await engine.stop();
    await jobs.stop();
    idleReaper = setInterval(() => app.server.closeIdleConnections?.(), 200);
    idleReaper.unref();
  });
  app.addHook('onClose', async () => clearInterval(idleReaper));

  if (serves)
    await registerWebApp(app, env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST, {
      trackerScript: env.PUBLIC_REFERRAL_TRACKER_SCRIPT,
    });
  return app;
}
