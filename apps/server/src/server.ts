import path from 'node:path';
import { loadEnv } from './config/env.ts';
import { GENERATED_SECRET_FILE } from './config/generated-secret.ts';
import { loggerOptions } from './config/logger-options.ts';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  // The app is loaded only once the configuration is accepted: a refused start answers at once.
  const [{ buildApp }, { openDatabase }, { acquireDataDirLock }] = await Promise.all([
    import('./app.ts'),
    import('./db/client.ts'),
    import('./db/data-dir-lock.ts'),
  ]);
  const releaseLock = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.dataDir);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  const logger = loggerOptions(env, process.stdout.isTTY === true);
  const app = await buildApp({ env, database, logger });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: env.HOST, port: env.PORT });
  if (!env.AUTH_SECRET) {
    app.log.info(
      `AUTH_SECRET não definido: sessões assinadas com o segredo gerado em ${path.join(env.dataDir, GENERATED_SECRET_FILE)}`,
    );
  }
  const role = env.VENDAI_ROLE === 'all' ? '' : `, papel: ${env.VENDAI_ROLE}`;
  app.log.info(
    `VendAI em ${env.appUrl} (banco: ${database.kind === 'pglite' ? `PGlite em ${env.dataDir}` : 'PostgreSQL'}${role})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
