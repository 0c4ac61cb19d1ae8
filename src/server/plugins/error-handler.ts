import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages.ts';
import type { App } from '../app-types.ts';
import { AppError, pgErrorCode } from '../errors.ts';

export type ValidationDetail = { loc: (string | number)[]; msg: string; type: string };

/** Fastify's own client errors, mapped to our codes and French texts (DESIGN.md section 7). */
const fastifyClientErrors: Record<string, { status: number; code: ErrorCode; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorCode.BAD_REQUEST, detail: apiErrors.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.BAD_REQUEST, detail: apiErrors.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE, detail: apiErrors.payloadTooLarge },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE, detail: apiErrors.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    detail: apiErrors.unsupportedMediaType,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: ErrorCode.BAD_REQUEST, detail: apiErrors.badRequest },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    detail: apiErrors.unsupportedMediaType,
  },
};

/**
 * One place maps every error to the wire: AppError -> {detail, code}; validation -> 422 list;
 * anything unknown -> 500 without internals. 4xx are logged at warn, 5xx at error.
 */
export function registerErrorHandler(app: App): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      request.log.warn({ code: error.code, status: error.status }, error.detail);
      return reply.code(error.status).send({ detail: error.detail, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      const detail: ValidationDetail[] = error.validation.map((issue) => ({
        loc: [
          context,
          ...issue.instancePath
            .split('/')
            .filter(Boolean)
            .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        ],
        msg: issue.message ?? apiErrors.validationItem,
        type: issue.keyword,
      }));
      request.log.warn({ detail }, 'validation failed');
      return reply.code(422).send({ detail, code: ErrorCode.VALIDATION_FAILED });
    }
    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) {
      request.log.warn({ err: error }, known.detail);
      return reply.code(known.status).send({ detail: known.detail, code: known.code });
    }
    // SQLSTATE class 22 (data exception) only comes from values a client sent that the database cannot
    // hold: a NUL character in a text, a number beyond its column. Bad input, so never a 500.
    if (pgErrorCode(error)?.startsWith('22')) {
      request.log.warn({ sqlState: pgErrorCode(error) }, 'value refused by the database');
      return reply.code(400).send({ detail: apiErrors.badRequest, code: ErrorCode.BAD_REQUEST });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ detail: apiErrors.rateLimited, code: ErrorCode.RATE_LIMITED });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
      request.log.warn({ err: error }, 'client error');
      return reply.code(error.statusCode).send({ detail: apiErrors.badRequest, code: ErrorCode.BAD_REQUEST });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: apiErrors.internal, code: ErrorCode.INTERNAL_ERROR });
  });
}
