import { ERROR_CODES, type ErrorCode } from '@vendai/contracts';

/** The one error type services throw; the error handler turns it into status + Portuguese message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message?: string, options?: { fields?: Record<string, string>; cause?: unknown }) {
    super(message ?? ERROR_CODES[code].message, { cause: options?.cause });
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.fields = options?.fields;
  }

  /** Fastify's convention, for error handlers that are not ours (the simulator's Evolution-shaped one). */
  get statusCode(): number {
    return this.status;
  }
}

export const notFound = (message?: string) => new AppError('NOT_FOUND', message);
