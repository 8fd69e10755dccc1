import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Parses input with a shared contract; a failure is a 400 with one Portuguese message per field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0];
  throw new AppError('VALIDATION', first, { fields });
}
