import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server). This file sits one level below it both as source
 * (src/paths.ts) and inside the production bundle (dist/server.js), so every path the server reads
 * from disk is resolved from here and works the same in both.
 */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Committed SQL migrations. */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
/** Portuguese prompt templates (training calls A and B). */
export const PROMPTS_DIR = path.join(SERVER_ROOT, 'prompts');
/** The built SPA. */
export const DEFAULT_WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');
/** A workspace package's own migrations (the fakes, docs/decisions/022-fakes-apart-and-simulator-access.md). */
export const packageMigrationsDir = (name: string) => path.resolve(SERVER_ROOT, '../../packages', name, 'drizzle');
