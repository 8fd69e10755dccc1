import { z } from 'zod';
import { blank } from './parse.ts';

/** Logs and metrics (docs/operations/README.md). Composed by ../env.ts; docs/configuration.md describes each variable. */
export const observabilityVariables = {
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` (readable lines, pino-pretty) or `json`. Default: pretty in development on a terminal, else json; production is always json. */
  LOG_FORMAT: z.preprocess(blank, z.enum(['pretty', 'json']).optional()),
  /** Bearer token for GET /metrics (Prometheus). Absent: /metrics is 404 in production, open otherwise. */
  METRICS_TOKEN: z.preprocess(blank, z.string().min(16).optional()),
};
