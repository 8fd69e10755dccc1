import { AUTH_SECRET_MIN_LENGTH } from './generated-secret.ts';

/** The settings the start rules read (already parsed: blanks are unset). */
export interface StartSettings {
  NODE_ENV: 'development' | 'production' | 'test';
  PORT: number;
  APP_URL?: string;
  DATABASE_URL?: string;
  VENDAI_ROLE?: 'all' | 'web' | 'worker';
  AUTH_SECRET?: string;
  EVOLUTION_API_URL?: string;
  EVOLUTION_API_ALLOW_HTTP?: 'true' | 'false';
  SIMULATOR_ENABLED?: 'true' | 'false';
  PAYMENTS_STANDIN_ENABLED?: 'true' | 'false';
  AI_PROVIDER?: 'openai' | 'demo';
  AI_BASE_URL?: string;
}

/** localhost (and *.localhost), 127.0.0.0/8 and ::1: addresses no one else can reach. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Why this process must not start, one line per problem, each naming what to set
 * (docs/decisions/020-production-mode.md). Empty when it may start.
 * - Outside production: an APP_URL that others can reach (not loopback, or https) means the app is
 *   being put online without the production rules, so the start is refused.
 * - In production: a real AUTH_SECRET, a WhatsApp gateway, a real AI (or demo on purpose), never
 *   the payments stand-in (its checkout makes paid plans free), and no plain http where a secret would
 *   cross a network: APP_URL (session cookies, e-mail links) and EVOLUTION_API_URL (the global key on
 *   every call) are https unless loopback, where nothing leaves the machine (a production-mode run on
 *   one machine, an Evolution API beside the app); EVOLUTION_API_ALLOW_HTTP=true accepts an http
 *   Evolution API on a private network (a Docker network, a VPN) on purpose.
 */
export function startProblems(env: StartSettings): string[] {
  const role = roleProblem(env);
  return role ? [role, ...environmentProblems(env)] : environmentProblems(env);
}

/**
 * web and worker share one PostgreSQL with the other processes (docs/decisions/030-process-roles.md);
 * the embedded PGlite belongs to one process, which must then do everything.
 */
function roleProblem(env: StartSettings): string | null {
  if (!env.VENDAI_ROLE || env.VENDAI_ROLE === 'all' || env.DATABASE_URL) return null;
  return (
    `VENDAI_ROLE: ${env.VENDAI_ROLE} só funciona com PostgreSQL (DATABASE_URL), compartilhado pelos processos web e worker. ` +
    'O banco embutido (PGlite, sem DATABASE_URL) é de um único processo: remova VENDAI_ROLE (ou use VENDAI_ROLE=all) ou defina DATABASE_URL'
  );
}

function environmentProblems(env: StartSettings): string[] {
  if (env.NODE_ENV !== 'production') {
    if (!env.APP_URL) return [];
    const url = new URL(env.APP_URL);
    if (isLoopbackHost(url.hostname) && url.protocol === 'http:') return [];
    return [
      `NODE_ENV: APP_URL=${env.APP_URL} é um endereço público (ou https), mas NODE_ENV não é production. ` +
        'Para colocar o VendAI na internet defina NODE_ENV=production (com AUTH_SECRET, EVOLUTION_API_URL e ' +
        `AI_BASE_URL: veja "Produção" no README); para usar só nesta máquina, use APP_URL=http://localhost:${env.PORT}`,
    ];
  }
  const problems: string[] = [];
  if (!env.AUTH_SECRET) {
    problems.push(
      `AUTH_SECRET: obrigatório em produção (${AUTH_SECRET_MIN_LENGTH}+ caracteres aleatórios; gere um com: openssl rand -base64 48)`,
    );
  } else if (env.AUTH_SECRET.length < AUTH_SECRET_MIN_LENGTH) {
    problems.push(
      `AUTH_SECRET: curto demais (${env.AUTH_SECRET.length} caracteres); em produção use ${AUTH_SECRET_MIN_LENGTH}+ caracteres aleatórios (openssl rand -base64 48)`,
    );
  }
  if (!env.EVOLUTION_API_URL && env.SIMULATOR_ENABLED !== 'true') {
    problems.push(
      'EVOLUTION_API_URL: obrigatório em produção (com EVOLUTION_API_KEY) para conectar o WhatsApp; para usar o simulador de WhatsApp em produção, defina SIMULATOR_ENABLED=true',
    );
  }
  if (env.PAYMENTS_STANDIN_ENABLED === 'true') {
    problems.push(
      'PAYMENTS_STANDIN_ENABLED: o simulador local de pagamentos (planos pagos sem cobrança) não pode ser ligado em produção. ' +
        'Remova PAYMENTS_STANDIN_ENABLED=true e configure o Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET e os preços), ' +
        'ou deixe sem pagamentos: só o plano grátis',
    );
  }
  problems.push(...plainHttpProblems(env));
  if (!env.AI_BASE_URL && env.AI_PROVIDER !== 'demo') {
    problems.push(
      'AI_BASE_URL: obrigatório em produção. Informe AI_BASE_URL e AI_API_KEY de um provedor de IA, ' +
        'ou defina AI_PROVIDER=demo para rodar de propósito em modo demonstração (respostas automáticas, sem IA real).',
    );
  }
  return problems;
}

/** An http address that is not loopback: what it carries crosses a network unencrypted. */
function isPlainHttpElsewhere(address: string): boolean {
  const url = new URL(address);
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}

/** Production's https rules for APP_URL and EVOLUTION_API_URL (see startProblems). */
function plainHttpProblems(env: StartSettings): string[] {
  const problems: string[] = [];
  if (env.APP_URL && isPlainHttpElsewhere(env.APP_URL)) {
    problems.push(
      `APP_URL: em produção o endereço público é https (${env.APP_URL} é http: cookies de sessão e links de e-mail iriam sem criptografia). ` +
        'Coloque o VendAI atrás de um proxy com TLS e defina APP_URL=https://… (com TRUST_PROXY)',
    );
  }
  if (env.EVOLUTION_API_URL && isPlainHttpElsewhere(env.EVOLUTION_API_URL) && env.EVOLUTION_API_ALLOW_HTTP !== 'true') {
    problems.push(
      `EVOLUTION_API_URL: em produção use https (${env.EVOLUTION_API_URL} é http: a chave global EVOLUTION_API_KEY iria sem criptografia em cada chamada). ` +
        'Use o endereço https da Evolution API; se ela está numa rede privada (rede Docker, VPN), defina EVOLUTION_API_ALLOW_HTTP=true',
    );
  }
  return problems;
}
