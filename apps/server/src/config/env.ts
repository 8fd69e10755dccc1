import { createHmac } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { loadOrCreateGeneratedSecret } from './generated-secret.ts';
import { SIMULATED_META_APP_ID, SIMULATOR_GRAPH_PREFIX } from './meta-simulator.ts';
import { startProblems } from './start-rules.ts';
import { trustProxySchema } from './trust-proxy.ts';
import { parseModelPrices } from './model-prices.ts';

/**
 * Every environment variable the server reads, validated once at boot (.env.example documents them).
 * Empty strings count as unset so a blank line in a .env file does not switch a port on.
 */
/** PIX_MERCADOPAGO_URL's value that points Mercado Pago's calls at the local Pix stand-in. */
export const PIX_MERCADOPAGO_LOCAL = 'local';

const blank = (v: unknown) => (v === '' ? undefined : v);
const optionalUrl = z.preprocess(blank, z.url().optional());
const optionalString = z.preprocess(blank, z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * Address to listen on. Default: 127.0.0.1 (this machine only) outside production, where the dev
   * stand-ins, the OpenAPI document and /metrics answer; 0.0.0.0 in production (a container or a
   * reverse proxy reaches it). README "Run it" says how to open a development server to the network.
   */
  HOST: optionalString,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public address of the app, used in e-mail links and as the trusted origin for auth. */
  APP_URL: z.preprocess(blank, z.url().optional()),
  /** Extra origins allowed to call the auth API (comma separated), e.g. the Vite dev server. */
  TRUSTED_ORIGINS: optionalString,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  /**
   * What this process does (docs/decisions/030-process-roles.md): `all` (default) everything; `web` the
   * HTTP API, the web app, the gateway's webhooks and realtime; `worker` ingestion, AI replies and jobs
   * (only /api/health, /api/ready and /metrics on its port). web and worker need DATABASE_URL.
   */
  VENDAI_ROLE: z.preprocess(blank, z.enum(['all', 'web', 'worker']).default('all')),
  /** Secret that signs sessions (and derives the simulator's and the stand-in's keys); required in production, 32+ characters. Unset outside production: generated once into DATA_DIR/auth-secret. */
  AUTH_SECRET: optionalString,
  /** Behind a reverse proxy: how many proxies (or which addresses) to trust for X-Forwarded-For (config/trust-proxy.ts). */
  TRUST_PROXY: trustProxySchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` (readable lines, pino-pretty) or `json`. Default: pretty in development on a terminal, else json; production is always json. */
  LOG_FORMAT: z.preprocess(blank, z.enum(['pretty', 'json']).optional()),
  /** Attempts per minute per client on sign-in, sign-up and reset requests. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Prompt-coach suggestions per minute per user (each is an AI call). */
  COACH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Playground messages per minute per user (AI calls not counted in the monthly AI messages). */
  PLAYGROUND_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** Runs of an agent's tests asked for per minute per user (each run is many AI calls; docs/decisions/039-agent-tests.md). */
  AGENT_TESTS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(4),
  /** Wrong sign-ins per client address in 15 minutes, across all e-mails; beyond it sign-in answers 429. */
  AUTH_SIGN_IN_FAILURES_PER_IP: z.preprocess(blank, z.coerce.number().int().positive().default(30)),
  /**
   * Per-address limits count an IPv6 client by its network of this many bits (64: one subscriber's /64
   * is one address; 128: every address on its own). IPv4 addresses, IPv4-mapped ones too, count alone.
   */
  RATE_LIMIT_IPV6_PREFIX: z.preprocess(blank, z.coerce.number().int().min(32).max(128).default(64)),
  /** Sign-ups per client address per hour (attempts that pass the form's validation). */
  SIGN_UPS_PER_ADDRESS_PER_HOUR: z.preprocess(blank, z.coerce.number().int().positive().default(10)),
  /** Password-reset e-mails asked for one e-mail address per day. */
  PASSWORD_RESETS_PER_EMAIL_PER_DAY: z.preprocess(blank, z.coerce.number().int().positive().default(5)),
  /** Feedbacks ("Ajude A Melhorar") per account per day, on top of 5 a minute. */
  FEEDBACK_PER_DAY: z.preprocess(blank, z.coerce.number().int().positive().default(20)),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('VendAI <nao-responda@vendai.local>'),
  /** Where each feedback from "Ajude A Melhorar" is mailed (through the mail port: SMTP or the outbox). */
  SUPPORT_EMAIL: z.preprocess(blank, z.email().default('suporte@vendai.local')),
  /** Public: the referral tracking script's global function name (docs/product/rules.md#validation). */
  PUBLIC_REFERRAL_TRACKER: optionalString,
  /** Public: the referral tracking script's https address; loaded on every page, its origin allowed by the CSP. */
  PUBLIC_REFERRAL_TRACKER_SCRIPT: z.preprocess(blank, z.url({ protocol: /^https$/ }).optional()),
  /**
   * Public: the three tutorial lessons' video links (landing page and /tutorial), comma separated in
   * lesson order (connect, train, automate); YouTube watch, youtu.be or Shorts links. A lesson without a
   * link shows its written step-by-step version.
   */
  TUTORIAL_VIDEO_URLS: optionalString,
  /** Public: WhatsApp Business Platform (Meta) app for the /connect/whatsapp authorization test. */
  META_APP_ID: optionalString,
  /** Public: the embedded-signup configuration id of that app (Facebook Login for Business). */
  META_CONFIG_ID: optionalString,
  /** Public: scopes asked in the dialog, comma separated. */
  META_OAUTH_SCOPES: z.preprocess(
    blank,
    z.string().default('whatsapp_business_management,whatsapp_business_messaging'),
  ),
  /** Graph API version of the dialog address. */
  META_GRAPH_VERSION: z.preprocess(
    blank,
    z
      .string()
      .regex(/^v\d+\.\d+$/, 'use o formato v21.0')
      .default('v21.0'),
  ),
  /**
   * WhatsApp Cloud API (docs/decisions/032-cloud-api-gateway.md): the Graph API root (version from
   * META_GRAPH_VERSION), the app secret that signs Meta's webhooks (X-Hub-Signature-256), the token
   * Meta echoes when it verifies the webhook address, and the key sealing numbers' access tokens.
   */
  META_GRAPH_URL: optionalUrl,
  META_APP_SECRET: optionalString,
  META_VERIFY_TOKEN: optionalString,
  /** 32 bytes as 64 hex characters or base64 (AES-256-GCM, lib/secret-box.ts). */
  META_TOKEN_ENCRYPTION_KEY: z.preprocess(
    blank,
    z
      .string()
      .refine((v) => /^[0-9a-f]{64}$/i.test(v.trim()) || Buffer.from(v.trim(), 'base64').length === 32, {
        message: 'use 32 bytes em 64 caracteres hex ou base64',
      })
      .optional(),
  ),
  /**
   * Pacing of WhatsApp Cloud API sends (docs/decisions/042-cloud-pacing.md), shared by every process:
   * messages per second one phone number id sends (Meta's default throughput is 80), the least time
   * between two messages to the same customer (split parts of one reply), and the first wait after
   * Meta refused a send for rate (130429, 131056, HTTP 429), doubling with jitter, at most 60 s.
   */
  META_SEND_RATE_PER_SECOND: z.preprocess(blank, z.coerce.number().positive().max(1000).default(80)),
  META_PAIR_SPACING_MS: z.preprocess(blank, z.coerce.number().int().min(0).max(60_000).default(3_000)),
  META_BACKOFF_BASE_MS: z.preprocess(blank, z.coerce.number().int().min(1).max(60_000).default(2_000)),
  /** Folder with the built web app; served when it exists. */
  WEB_DIST_DIR: optionalString,
  /** WhatsApp gateway: a real Evolution API v2.3.x (both set), otherwise the built-in simulator. */
  EVOLUTION_API_URL: optionalUrl,
  EVOLUTION_API_KEY: optionalString,
  /**
   * Production refuses an http EVOLUTION_API_URL that is not loopback (the global key would cross the
   * network in the clear); `true` accepts one on a private network (a Docker network, a VPN) on purpose.
   */
  EVOLUTION_API_ALLOW_HTTP: z.preprocess(blank, z.enum(['true', 'false']).optional()),
  /** The built-in WhatsApp simulator (/simulator/api + the /simulador page). Default: on outside production when no Evolution URL is set. */
  SIMULATOR_ENABLED: z.preprocess(blank, z.enum(['true', 'false']).optional()),
  /** Where the gateway reaches this server's webhooks (and, with the simulator, the simulator itself). Default APP_URL. */
  GATEWAY_WEBHOOK_BASE_URL: optionalUrl,
  /** LLM: 'openai' (any OpenAI-compatible endpoint) or 'demo' (offline). Default: openai when AI_BASE_URL is set, else demo. */
  AI_PROVIDER: z.preprocess(blank, z.enum(['openai', 'demo']).optional()),
  /** OpenAI-compatible base URL ending in /v1 (a bare host gets /v1). The key never leaves the server. */
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalString,
  AI_MODEL: z.preprocess(blank, z.string().default('openai/gpt-oss-120b')),
  /** The model that judges the agent's test replies (same endpoint); default AI_MODEL (docs/decisions/039-agent-tests.md). */
  AI_JUDGE_MODEL: optionalString,
  /**
   * Prices of the models on the AI endpoint, `model=input/output` in US$ per million tokens, comma-separated
   * (e.g. `openai/gpt-oss-120b=0.15/0.60,openai/gpt-oss-20b=0.075/0.30`). With a price for each configured
   * chat model, the agent tests' judge is the cheapest (docs/decisions/065-agent-tabs-hints-and-judge.md).
   */
  AI_MODEL_PRICES: optionalString.refine((v) => !('error' in parseModelPrices(v)), {
    message: 'AI_MODEL_PRICES: use modelo=entrada/saída (US$ por milhão de tokens), separados por vírgula',
  }),
  /**
   * An embeddings model on the AI endpoint (POST /embeddings; e.g. text-embedding-3-small): the knowledge
   * base's candidates are ranked by similarity too. Unset: full-text and trigram search only. With the
   * demo AI, any value turns on its offline stand-in.
   */
  AI_EMBEDDINGS_MODEL: optionalString,
  /**
   * The AI replies offer the model lookup tools (catalogue, knowledge) besides the retrieved facts: 'auto'
   * (a model whose endpoint refuses tools is not offered them again) or 'off' (retrieved facts only).
   * docs/decisions/027-tool-calls-and-retrieved-context.md
   */
  AI_TOOL_CALLS: z.preprocess(blank, z.enum(['auto', 'off']).default('auto')),
  /** Per-attempt timeout of an AI call, and retries (with backoff) on 429/5xx/timeouts. */
  AI_TIMEOUT_MS: z.preprocess(blank, z.coerce.number().int().positive().default(60_000)),
  AI_MAX_RETRIES: z.preprocess(blank, z.coerce.number().int().min(0).max(10).default(2)),
  /**
   * Media understanding (docs/decisions/016-media-understanding.md): voice notes transcribed through the
   * OpenAI-compatible POST /audio/transcriptions, images described by a vision chat model. Endpoint and
   * key default to AI_BASE_URL / AI_API_KEY; a model set to 'off' turns that part off. Demo AI: both off.
   */
  MEDIA_TRANSCRIPTION_BASE_URL: optionalUrl,
  MEDIA_TRANSCRIPTION_API_KEY: optionalString,
  MEDIA_TRANSCRIPTION_MODEL: z.preprocess(blank, z.string().default('gpt-4o-mini-transcribe')),
  MEDIA_VISION_BASE_URL: optionalUrl,
  MEDIA_VISION_API_KEY: optionalString,
  /** Vision-capable chat model for image descriptions; default AI_MODEL; 'off' when the model has no vision. */
  MEDIA_VISION_MODEL: optionalString,
  /** Voice notes longer than this are not transcribed (the AI gets the fallback description). */
  MEDIA_AUDIO_MAX_SECONDS: z.preprocess(blank, z.coerce.number().int().min(1).max(3600).default(300)),
  /** Media files larger than this are not sent to the provider (bytes; OpenAI's upload limit is 25 MB). */
  MEDIA_MAX_BYTES: z.preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .min(1024)
      .default(10 * 1024 * 1024),
  ),
  /** Inbound media understood per reply (the newest first); the rest keep their plain description. */
  MEDIA_MAX_PER_REPLY: z.preprocess(blank, z.coerce.number().int().min(0).max(20).default(4)),
  /** Days a message's media file is kept (then removed by the daily 'privacy.media-retention' job; the row stays). */
  MEDIA_RETENTION_DAYS: z.preprocess(blank, z.coerce.number().int().min(1).max(3650).default(180)),
  /**
   * Days a processed gateway webhook (gateway_events) is kept (then deleted by the daily
   * 'privacy.webhook-retention' job). At least 7: Meta retries an unanswered webhook for up to 7 days.
   */
  WEBHOOK_EVENTS_RETENTION_DAYS: z.preprocess(blank, z.coerce.number().int().min(7).max(3650).default(30)),
  /** Media storage (realtime/storage, docs/decisions/005-conversation-engine.md): an S3-compatible bucket when S3_BUCKET is set, else the folder DATA_DIR/media. */
  S3_BUCKET: optionalString,
  /** S3-compatible endpoint (MinIO, R2…); AWS when unset. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess(blank, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Path-style bucket URLs (endpoint/bucket/key). Default: true when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: z
    .preprocess(blank, z.enum(['true', 'false']).optional())
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** Conversation engine (docs/decisions/005-conversation-engine.md): floor of the quiet time before an AI reply, even at delay 0 (ms). */
  ENGINE_MIN_QUIET_MS: z.preprocess(blank, z.coerce.number().int().min(0).max(60_000).default(2_000)),
  /** Messages older than this when they arrive (history sync, reconnect) are stored, never answered. */
  ENGINE_STALE_SECONDS: z.preprocess(blank, z.coerce.number().int().min(10).default(180)),
  /** First backoff step of AI and gateway retries (doubles each attempt), ms. */
  ENGINE_RETRY_BASE_MS: z.preprocess(blank, z.coerce.number().int().min(0).default(1_000)),
  /** A reply claim not renewed for this long belongs to a dead worker and is recovered (s). */
  ENGINE_LEASE_SECONDS: z.preprocess(blank, z.coerce.number().int().min(3).default(30)),
  /**
   * AI replies one process prepares and sends at once. With a real AI each holds its slot for the
   * model's latency, so replies/s per process ≈ this / latency (s); bursts beyond it wait in the table.
   */
  ENGINE_MAX_REPLIES_IN_FLIGHT: z.preprocess(blank, z.coerce.number().int().min(1).max(5_000).default(200)),
  /** Approval drafts written within this many seconds of the last draft alert wait and go as one alert (decision 046). */
  APPROVAL_ALERT_GROUP_SECONDS: z.preprocess(blank, z.coerce.number().int().min(1).max(3_600).default(120)),
  /** How often each worker looks for due follow-ups and scheduled messages (s; docs/decisions/037-follow-ups.md). */
  FOLLOW_UPS_POLL_SECONDS: z.preprocess(blank, z.coerce.number().min(0.2).default(15)),
  /** Follow-up touches one account sends a day at most, all numbers together (each number has its own cap too). */
  FOLLOW_UPS_ACCOUNT_DAILY_CAP: z.preprocess(blank, z.coerce.number().int().min(0).default(100)),
  /** Campaigns on a QR number: the random spacing between two sends (s; docs/decisions/072-campaigns.md). */
  CAMPAIGN_QR_MIN_GAP_SECONDS: z.preprocess(blank, z.coerce.number().min(0).max(3_600).default(60)),
  CAMPAIGN_QR_MAX_GAP_SECONDS: z.preprocess(blank, z.coerce.number().min(0).max(3_600).default(180)),
  /** Campaigns on a Cloud number: the spacing between two template sends (ms). */
  CAMPAIGN_CLOUD_GAP_MS: z.preprocess(blank, z.coerce.number().int().min(0).max(60_000).default(1_000)),
  /** How often job workers look for due delayed jobs (s, ≥ 0.5); new jobs wake them at once. */
  /** Bearer token for GET /metrics (Prometheus). Absent: /metrics is 404 in production, open otherwise. */
  METRICS_TOKEN: z.preprocess(blank, z.string().min(16).optional()),
  JOBS_POLL_SECONDS: z.preprocess(blank, z.coerce.number().min(0.5).default(0.5)),
  /** Payments (docs/decisions/012-payments-stripe-and-local-stand-in.md): Stripe secret key (sk_test_… / sk_live_…). Unset → the local payments stand-in outside production. */
  STRIPE_SECRET_KEY: optionalString,
  /** Signing secret of the /webhooks/stripe endpoint (whsec_…); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Stripe price ids (recurring, monthly) of the paid plans, and the metered price for AI messages past the limit. */
  STRIPE_PRICE_EXPANSAO_IA: optionalString,
  STRIPE_PRICE_CONSCIENCIA: optionalString,
  STRIPE_PRICE_OVERAGE: optionalString,
  /** event_name of the Stripe billing meter the overage price is attached to. */
  STRIPE_METER_EVENT_NAME: z.preprocess(blank, z.string().default('vendai_ai_messages')),
  /** The local payments stand-in (local checkout and portal pages, Stripe-shaped signed webhooks). Default: on outside production without STRIPE_SECRET_KEY. */
  PAYMENTS_STANDIN_ENABLED: z.preprocess(blank, z.enum(['true', 'false']).optional()),
  /**
   * Pix charges in the chat (docs/decisions/038-pix-charges.md): the providers' API addresses (Asaas's
   * sandbox is https://api-sandbox.asaas.com; PIX_MERCADOPAGO_URL=local sends Mercado Pago's calls to
   * the local stand-in, for a server without internet), the local Pix stand-in (default: on outside production),
   * and the key sealing owners' Pix API keys (32 bytes, 64 hex or base64; unset: derived from AUTH_SECRET).
   */
  PIX_ASAAS_URL: z.preprocess(blank, z.url().default('https://api.asaas.com')),
  PIX_MERCADOPAGO_URL: z.preprocess(
    blank,
    z.union([z.literal(PIX_MERCADOPAGO_LOCAL), z.url()]).default('https://api.mercadopago.com'),
  ),
  PIX_STANDIN_ENABLED: z.preprocess(blank, z.enum(['true', 'false']).optional()),
  PIX_KEY_ENCRYPTION_KEY: z.preprocess(
    blank,
    z
      .string()
      .refine((v) => /^[0-9a-f]{64}$/i.test(v.trim()) || Buffer.from(v.trim(), 'base64').length === 32, {
        message: 'use 32 bytes em 64 caracteres hex ou base64',
      })
      .optional(),
  ),
  /**
   * Web Push to the members' phones (docs/decisions/067-web-push.md): the VAPID key pair (RFC 8292,
   * base64url as web-push's generateVAPIDKeys writes them) and the contact the push services see
   * (mailto: or https:). Unset outside production: generated once into DATA_DIR/vapid-keys; unset in
   * production: notifications off. PUSH_STANDIN_ENABLED mounts the local push service stand-in
   * (never in production).
   */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: z.preprocess(
    blank,
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'use mailto: ou https://')
      .optional(),
  ),
  PUSH_STANDIN_ENABLED: z.preprocess(blank, z.enum(['true', 'false']).optional()),
  /**
   * Google Calendar per professional (docs/decisions/070-agenda-in-the-chat.md): the OAuth client
   * (Google Cloud console, 'Web application', redirect URI APP_URL/api/agenda/google/callback), and where
   * its calls go — Google's consent page, token endpoint and API root by default. GCAL_STANDIN_ENABLED=true
   * starts the local stand-in (never in production) and points all three at it; the client id and secret
   * are then the stand-in's own unless set. Unset client: the agenda has no Google Calendar.
   */
  GOOGLE_CALENDAR_CLIENT_ID: optionalString,
  GOOGLE_CALENDAR_CLIENT_SECRET: optionalString,
  GOOGLE_OAUTH_AUTH_URL: z.preprocess(blank, z.url().default('https://accounts.google.com/o/oauth2/v2/auth')),
  GOOGLE_OAUTH_TOKEN_URL: z.preprocess(blank, z.url().default('https://oauth2.googleapis.com/token')),
  GOOGLE_CALENDAR_API_URL: z.preprocess(blank, z.url().default('https://www.googleapis.com/')),
  GCAL_STANDIN_ENABLED: z.preprocess(blank, z.enum(['true', 'false']).optional()),
  /** Sales chat link opened by the sem-limites plan's 'Consultar Valores' (e.g. a wa.me link). */
  SALES_CONTACT_URL: z.preprocess(
    blank,
    z.url().default('https://wa.me/5511999999999?text=Quero%20conhecer%20o%20plano%20Sem%20Limites'),
  ),
  /**
   * Meta's Conversions API for business messaging (docs/decisions/071-ad-attribution.md): the Graph root events
   * are POSTed to (/{META_GRAPH_VERSION}/{dataset_id}/events). CAPI_STANDIN_ENABLED=true starts the local
   * stand-in (packages/capi-standin, never in production) and sends there instead.
   */
  META_CAPI_BASE_URL: z.preprocess(blank, z.url().default('https://graph.facebook.com')),
  CAPI_STANDIN_ENABLED: z.preprocess(blank, z.enum(['true', 'false']).optional()),
  /** How often the overage job reports AI messages past the plan's limit to Stripe (s). */
  BILLING_METER_INTERVAL_SECONDS: z.preprocess(blank, z.coerce.number().min(1).default(60)),
});

export type Env = Omit<z.infer<typeof envSchema>, 'META_GRAPH_URL' | 'HOST'> & {
  /** HOST, else 127.0.0.1 outside production and 0.0.0.0 in production. */
  HOST: string;
  /**
   * The Graph API root: META_GRAPH_URL, else the simulator's Graph-compatible fake when it stands in
   * for Meta (metaSimulated), else https://graph.facebook.com.
   */
  META_GRAPH_URL: string;
  /**
   * The simulator stands in for Meta (docs/decisions/036-cloud-signup-window-pacing.md): the simulator is on and
   * neither META_GRAPH_URL nor META_APP_ID is set. Then the app id, configuration id, app secret and
   * token key have simulator values derived from AUTH_SECRET unless set.
   */
  metaSimulated: boolean;
  /** Which LLM implementation answers (see resolveAiProvider). */
  aiProvider: 'openai' | 'demo';
  appUrl: string;
  dataDir: string;
  authSecret: string;
  /** The simulator is mounted in this process (see gatewayProblem). */
  simulatorEnabled: boolean;
  /** GATEWAY_WEBHOOK_BASE_URL or APP_URL, without a trailing slash. */
  gatewayWebhookBaseUrl: string;
  /** Which payments implementation runs: real Stripe, the local stand-in, or none (paid checkout answers 'pagamentos não configurados'). */
  paymentsMode: 'stripe' | 'standin' | 'off';
};

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  // What a start refuses (docs/decisions/020-production-mode.md), all problems at once.
  const problems = startProblems(env);
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY: defina as duas (ou nenhuma)');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY: defina os dois (ou nenhum)');
  }
  const problem = gatewayProblem(env);
  if (problem) problems.push(problem);
  if (problems.length) throw new Error(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  const aiProvider = resolveAiProvider(env);
  const paymentsMode = resolvePaymentsMode(env);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(env.DATA_DIR);
  // Production has AUTH_SECRET (startProblems); elsewhere an unset one is generated once per data folder.
  const authSecret = env.AUTH_SECRET ?? loadOrCreateGeneratedSecret(dataDir);
  const gatewayWebhookBaseUrl = (env.GATEWAY_WEBHOOK_BASE_URL ?? appUrl).replace(/\/$/, '');
  return {
    ...env,
    HOST: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    appUrl,
    dataDir,
    authSecret,
    aiProvider,
    simulatorEnabled: simulatorEnabled(env),
    gatewayWebhookBaseUrl,
    paymentsMode,
    ...metaSettings(env, simulatorEnabled(env), authSecret, gatewayWebhookBaseUrl),
  };
}

type ParsedEnv = z.infer<typeof envSchema>;

/**
 * Meta's settings: the real Graph API, or the simulator's Graph-compatible fake when the simulator is
 * on and no Meta app is configured (docs/decisions/036-cloud-signup-window-pacing.md). The fake's app secret and
 * token key are derived from AUTH_SECRET, so they are stable across restarts and need no variable.
 */
function metaSettings(env: ParsedEnv, simulator: boolean, authSecret: string, baseUrl: string) {
  const metaSimulated = simulator && !env.META_GRAPH_URL && !env.META_APP_ID;
  if (!metaSimulated)
    return { metaSimulated, META_GRAPH_URL: (env.META_GRAPH_URL ?? 'https://graph.facebook.com').replace(/\/+$/, '') };
  const derive = (label: string) => createHmac('sha256', authSecret).update(`vendai-meta-simulator-${label}`);
  return {
    metaSimulated,
    META_GRAPH_URL: `${baseUrl}${SIMULATOR_GRAPH_PREFIX}`,
    META_APP_ID: SIMULATED_META_APP_ID,
    META_CONFIG_ID: env.META_CONFIG_ID ?? 'simulador',
    META_APP_SECRET: env.META_APP_SECRET ?? derive('app-secret').digest('hex'),
    META_TOKEN_ENCRYPTION_KEY: env.META_TOKEN_ENCRYPTION_KEY ?? derive('token-key').digest('hex'),
  };
}

/** On unless production; an explicit SIMULATOR_ENABLED wins; a configured Evolution URL turns the default off. */
function simulatorEnabled(env: ParsedEnv): boolean {
  if (env.SIMULATOR_ENABLED) return env.SIMULATOR_ENABLED === 'true';
  return env.NODE_ENV !== 'production' && !env.EVOLUTION_API_URL;
}

/** The WhatsApp gateway must be either a complete Evolution configuration or the mounted simulator. */
function gatewayProblem(env: ParsedEnv): string | null {
  if (env.EVOLUTION_API_URL && !env.EVOLUTION_API_KEY)
    return 'EVOLUTION_API_KEY: obrigatório quando EVOLUTION_API_URL está definido';
  if (env.EVOLUTION_API_KEY && !env.EVOLUTION_API_URL)
    return 'EVOLUTION_API_URL: obrigatório quando EVOLUTION_API_KEY está definido';
  // Production without a gateway is one of startProblems' refusals.
  if (env.EVOLUTION_API_URL || simulatorEnabled(env) || env.NODE_ENV === 'production') return null;
  return 'SIMULATOR_ENABLED: o simulador de WhatsApp está desligado e não há EVOLUTION_API_URL; defina EVOLUTION_API_URL e EVOLUTION_API_KEY ou ligue o simulador';
}

/**
 * The LLM implementation: AI_PROVIDER when set, else openai with AI_BASE_URL and the offline demo
 * without. A production server never falls into demo mode silently (docs/decisions/004; the refusal
 * is in start-rules.ts).
 */
function resolveAiProvider(env: z.infer<typeof envSchema>): 'openai' | 'demo' {
  if (env.AI_PROVIDER === 'openai' && !env.AI_BASE_URL) {
    throw new Error(
      'Configuração inválida:\n  - AI_BASE_URL: obrigatório com AI_PROVIDER=openai (endereço compatível com a API da OpenAI, terminado em /v1)',
    );
  }
  return env.AI_PROVIDER ?? (env.AI_BASE_URL ? 'openai' : 'demo');
}

/**
 * Payments: Stripe when STRIPE_SECRET_KEY is set (then the webhook secret and the price ids are
 * required), else the local stand-in outside production (or with PAYMENTS_STANDIN_ENABLED=true),
 * else off: the free plan works, paid checkouts answer 'pagamentos não configurados' (docs/decisions/012-payments-stripe-and-local-stand-in.md).
 */
function resolvePaymentsMode(env: ParsedEnv): 'stripe' | 'standin' | 'off' {
  if (env.STRIPE_SECRET_KEY) {
    const missing = (
      ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_EXPANSAO_IA', 'STRIPE_PRICE_CONSCIENCIA', 'STRIPE_PRICE_OVERAGE'] as const
    ).filter((k) => !env[k]);
    if (missing.length)
      throw new Error(`Configuração inválida:\n  - ${missing.join(', ')}: obrigatório com STRIPE_SECRET_KEY`);
    return 'stripe';
  }
  if (env.PAYMENTS_STANDIN_ENABLED) return env.PAYMENTS_STANDIN_ENABLED === 'true' ? 'standin' : 'off';
  return env.NODE_ENV === 'production' ? 'off' : 'standin';
}
