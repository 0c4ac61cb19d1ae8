import type { ErrorCode } from '#shared/error-codes.ts';

/**
 * The one error type of the API. Services throw it with a stable code, an HTTP status and the French
 * message from the catalogue; the error handler maps it to `{detail, code}` at the edge.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, detail: string) => new AppError(code, 400, detail);
export const unauthorized = (code: ErrorCode, detail: string) => new AppError(code, 401, detail);
export const forbidden = (code: ErrorCode, detail: string) => new AppError(code, 403, detail);
export const notFound = (code: ErrorCode, detail: string) => new AppError(code, 404, detail);
export const conflict = (code: ErrorCode, detail: string) => new AppError(code, 409, detail);

/** PostgreSQL error codes we translate into domain errors. */
export const PgErrorCode = {
  uniqueViolation: '23505',
  exclusionViolation: '23P01',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
} as const;

/** Reads the SQLSTATE of a driver error (pg, PGlite, or wrapped by Drizzle in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint name of a driver error, to tell two unique violations apart. */
export function pgConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
