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
