import { z } from 'zod';

export { ERROR_CODES, type ErrorCode } from './error-codes.ts';

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field-level messages for forms, keyed by field path. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
