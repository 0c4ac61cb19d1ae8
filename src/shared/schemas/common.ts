import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../constants.ts';
import { validation } from '../messages/common.ts';
import { impersonatesTeam } from '../rules/reserved-names.ts';
import { isMultiLineText, isSingleLineText } from '../rules/text-characters.ts';

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

/**
 * The string of every single-line field a person types (names, usernames, titles, subjects, links):
 * no line break, no control character (rules/text-characters.ts), in French. Checked before any
 * `.trim()` the caller chains, so a trailing "\r\n" is refused rather than silently cut.
 */
export const singleLineString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isSingleLineText, validation.singleLine);

/** The string of every multi-line field (bio, descriptions, messages, notes): line breaks and tabs stay. */
export const multiLineString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isMultiLineText, validation.controlCharacter);

/**
 * A name a person who is not an administrator gives themselves (signup, a guest of the live chat):
 * a single line that does not read as the team's (rules/reserved-names.ts). PUT /users/me checks the
 * same rule in the service, where it knows whether the caller is an administrator.
 */
export const personNameString = (params?: Parameters<typeof z.string>[0]) =>
  singleLineString(params).refine((name) => !impersonatesTeam(name), validation.reservedName);
