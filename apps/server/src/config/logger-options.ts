import type { Env } from './env.ts';

/** The fields of the pretty lines: time of day, and no pid/hostname (a terminal shows one process). */
const PRETTY = { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } };

/**
 * The server's pino options (docs/operations/README.md#logs): one JSON object per line for log
 * collectors (production always), or readable lines through pino-pretty as a transport (a worker
 * thread, so formatting never slows the request path) in development on a terminal, or when asked
 * with LOG_FORMAT=pretty outside production. Both carry the same fields; redaction is applied before
 * either (lib/log-redaction.ts).
 */
export function loggerOptions(
  env: Pick<Env, 'NODE_ENV' | 'LOG_LEVEL' | 'LOG_FORMAT'>,
  terminal: boolean,
): { level: Env['LOG_LEVEL']; transport?: typeof PRETTY } {
  const pretty =
    env.NODE_ENV !== 'production' &&
    (env.LOG_FORMAT === 'pretty' || (env.LOG_FORMAT === undefined && env.NODE_ENV === 'development' && terminal));
  return pretty ? { level: env.LOG_LEVEL, transport: PRETTY } : { level: env.LOG_LEVEL };
}
