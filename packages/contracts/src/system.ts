import { z } from 'zod';

/** GET /api/health: the process is up, and which database and mail adapters it runs with. */
export const healthSchema = z.object({
  ok: z.literal(true),
  /** 'postgres' or 'pglite'. */
  database: z.string(),
  /** 'smtp', 'outbox'… */
  mail: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/** One readiness check: 'ok', or 'failed' with why (in the operator's log language, Portuguese). */
export const readyCheckSchema = z.object({
  status: z.enum(['ok', 'failed']),
  detail: z.string().optional(),
});

/** GET /api/ready: 200 when every check passes, 503 naming the one(s) that failed. */
export const readySchema = z.object({
  ready: z.boolean(),
  checks: z.object({
    database: readyCheckSchema,
    migrations: readyCheckSchema,
    gateway: readyCheckSchema,
  }),
});
export type Ready = z.infer<typeof readySchema>;
