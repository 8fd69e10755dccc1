/**
 * The PostgreSQL error inside an error, whichever driver raised it and however drizzle wrapped it
 * (the driver error is a `cause`, sometimes several levels down): its SQLSTATE and constraint.
 */
export function pgError(err: unknown): { code: string; constraint?: string } | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
  }
  return null;
}

/** The SQLSTATE of a database error (23505 unique, 23503 foreign key, 40P01 deadlock…), or undefined. */
export const pgErrorCode = (err: unknown): string | undefined => pgError(err)?.code;
