import { loadEnv } from './config/env.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { acquireDataDirLock } from './db/data-dir-lock.ts';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const releaseLock = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.dataDir);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  const logger =
    env.NODE_ENV === 'development' && process.stdout.isTTY
      ? { level: env.LOG_LEVEL, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
      : { level: env.LOG_LEVEL };
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
  app.log.info(
    `VendAI em ${env.appUrl} (banco: ${database.kind === 'pglite' ? `PGlite em ${env.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
