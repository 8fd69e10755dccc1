import { createHmac } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { loadOrCreateGeneratedSecret } from './generated-secret.ts';
import { SIMULATED_META_APP_ID, SIMULATOR_GRAPH_PREFIX } from './meta-simulator.ts';
import { startProblems } from './start-rules.ts';
import { serverVariables } from './variables/server.ts';
import { observabilityVariables } from './variables/observability.ts';
import { limitsVariables } from './variables/limits.ts';
import { mailVariables } from './variables/mail.ts';
import { publicPagesVariables } from './variables/public-pages.ts';
import { whatsappGatewayVariables } from './variables/whatsapp-gateway.ts';
import { metaCloudVariables } from './variables/meta-cloud.ts';
import { aiVariables } from './variables/ai.ts';
import { storageVariables } from './variables/storage.ts';
import { engineVariables } from './variables/engine.ts';
import { paymentsVariables } from './variables/payments.ts';
import { pushVariables } from './variables/push.ts';
import { googleCalendarVariables } from './variables/google-calendar.ts';

export { PIX_MERCADOPAGO_LOCAL } from './variables/payments.ts';

/**
 * Every environment variable the server reads, validated once at boot (.env.example documents them), in
 * groups by concern under ./variables/ (docs/decisions/077-configuration-in-groups.md); docs/configuration.md
 * lists them with the same groups. Product tunables an operator never sets are constants beside the code
 * that uses them, not variables.
 */
const envSchema = z.object({
  ...serverVariables,
  ...observabilityVariables,
  ...limitsVariables,
  ...mailVariables,
  ...publicPagesVariables,
  ...whatsappGatewayVariables,
  ...metaCloudVariables,
  ...aiVariables,
  ...storageVariables,
  ...engineVariables,
  ...paymentsVariables,
  ...pushVariables,
  ...googleCalendarVariables,
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
