import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../constants.ts';

/** `{detail, code}`: the body of every non-validation error (DESIGN.md section 7). */
export const ErrorResponseSchema = z.object({ detail: z.string(), code: z.string() });

export const ValidationErrorResponseSchema = z.object({
  detail: z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() })),
  code: z.string(),
});

export const MessageResponseSchema = z.object({ message: z.string() });

export const IdParamsSchema = z.object({ id: z.uuid() });

/** Largest value of a PostgreSQL `integer`: a bigger number compared with one fails in the database (a 500). */
export const PG_INTEGER_MAX = 2_147_483_647;

/** `skip`/`limit` of every list (limit ≤ 100). */
export const PaginationQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
});

/** ISO-8601 UTC timestamps on the wire. */
export const TimestampSchema = z.string();
