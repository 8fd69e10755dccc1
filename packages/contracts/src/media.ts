import { z } from 'zod';

/** GET /api/media/:owner/:file — a stored media key is '<owner user id>/<file name>'. */
export const mediaParamsSchema = z.object({ owner: z.string(), file: z.string() });
