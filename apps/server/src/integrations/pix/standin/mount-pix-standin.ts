import { type PixStandin, startPixStandin } from '@vendai/pix-standin';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../../config/env.ts';
import { type Database, migrateFolder } from '../../../db/client.ts';
import { packageMigrationsDir } from '../../../paths.ts';

export type { PixStandin };

/** On outside production unless PIX_STANDIN_ENABLED=false (true in production is refused by the stand-in). */
export const pixStandinEnabled = (env: Env) =>
  env.PIX_STANDIN_ENABLED ? env.PIX_STANDIN_ENABLED === 'true' : env.NODE_ENV !== 'production';

/**
 * Mounts the local Pix stand-in (workspace package @vendai/pix-standin) with what it needs from the
 * app: the database and a way to apply its own migrations, and the settings.
 */
export function mountPixStandin(app: FastifyInstance, { env, database }: { env: Env; database: Database }) {
  return startPixStandin(app, {
    db: database.db,
    migrate: (config) => migrateFolder(database, config),
    migrationsFolder: packageMigrationsDir('pix-standin'),
    appUrl: env.appUrl,
    nodeEnv: env.NODE_ENV,
  });
}
