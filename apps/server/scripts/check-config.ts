/**
 * `npm run check:config`: reads the current environment as a production start would
 * (NODE_ENV=production, whatever NODE_ENV says now) and prints what that start would refuse, or what
 * it would run with and the warnings worth reading. Exits 1 when a production start would refuse.
 * The rules are the server's own (src/config/env.ts, src/config/start-rules.ts); see
 * docs/decisions/020-production-mode.md and README's "Produção" section.
 */
import { type Env, loadEnv } from '../src/config/env.ts';

/** What each VENDAI_ROLE does (docs/decisions/030-process-roles.md). */
const ROLES: Record<Env['VENDAI_ROLE'], string> = {
  all: 'tudo num processo',
  web: 'API, app web, webhooks e tempo real',
  worker: 'ingestão, respostas da IA e tarefas',
};

function summary(env: Env): string[] {
  return [
    `Banco de dados: ${env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite embutido em ${env.dataDir} (um processo só)`}`,
    `WhatsApp: ${env.EVOLUTION_API_URL ? `Evolution API em ${new URL(env.EVOLUTION_API_URL).origin}` : 'simulador embutido (SIMULATOR_ENABLED=true)'}`,
    `IA: ${env.aiProvider === 'openai' ? `${new URL(env.AI_BASE_URL!).origin}, modelo ${env.AI_MODEL}` : 'modo demonstração (AI_PROVIDER=demo)'}`,
    `Conhecimento: ${env.AI_EMBEDDINGS_MODEL ? `busca em português + embeddings (${env.AI_EMBEDDINGS_MODEL})` : 'busca em português (sem AI_EMBEDDINGS_MODEL)'}`,
    `Pagamentos: ${env.paymentsMode === 'stripe' ? 'Stripe' : 'desligados (só o plano grátis)'}`,
    `E-mail: ${env.SMTP_URL ? 'SMTP (SMTP_URL)' : 'sem SMTP_URL'}`,
    `Papel do processo: ${ROLES[env.VENDAI_ROLE]} (VENDAI_ROLE=${env.VENDAI_ROLE})`,
  ];
}

function warnings(env: Env): string[] {
  const out: string[] = [];
  if (!env.APP_URL) out.push('APP_URL não definido: links de e-mail e a origem confiável apontam para localhost');
  else if (!env.APP_URL.startsWith('https://'))
    out.push('APP_URL não é https: os cookies de sessão não são marcados como seguros');
  if (!env.SMTP_URL) out.push('SMTP_URL não definido: pedidos de redefinição de senha serão recusados');
  if (!env.DATABASE_URL) out.push('DATABASE_URL não definido: banco embutido, um único processo por DATA_DIR');
  if (env.simulatorEnabled)
    out.push(
      env.VENDAI_ROLE === 'worker'
        ? `SIMULATOR_ENABLED=true: este worker usa o simulador de WhatsApp de um processo web (${env.gatewayWebhookBaseUrl})`
        : 'SIMULATOR_ENABLED=true: o simulador de WhatsApp está montado',
    );
  if (env.aiProvider === 'demo') out.push('AI_PROVIDER=demo: os clientes recebem respostas de demonstração');
  return out;
}

try {
  const env = loadEnv({ ...process.env, NODE_ENV: 'production' });
  console.log('Um início em produção com este ambiente seria aceito.');
  for (const line of summary(env)) console.log(`  ${line}`);
  const notes = warnings(env);
  if (notes.length) console.log(`Avisos:\n${notes.map((n) => `  - ${n}`).join('\n')}`);
} catch (err) {
  const message = (err as Error).message.replace(/^Configuração inválida:\n/, '');
  console.error(`Um início em produção (NODE_ENV=production) com este ambiente seria recusado:\n${message}`);
  process.exitCode = 1;
}
