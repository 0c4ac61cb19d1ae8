import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
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
 * Errors of Fastify's router, raised before any route or hook runs (so the error handler below never
 * sees them): a URL whose percent-encoding does not decode, a path parameter longer than
 * `maxParamLength`. Passed to Fastify as its `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { status: 414, code: ErrorCode.URI_TOO_LONG, detail: apiErrors.uriTooLong }
      : error.code === 'FST_ERR_BAD_URL'
        ? { status: 400, code: ErrorCode.BAD_URL, detail: apiErrors.badUrl }
        : { status: 400, code: ErrorCode.BAD_REQUEST, detail: apiErrors.badRequest };
  // Not the error itself: its message repeats the whole URL, which may carry a reset token.
  request.log.warn({ code: error.code }, 'request refused by the router');
  void reply.code(known.status).send({ detail: known.detail, code: known.code });
}

/** What Node's HTTP parser refuses, by the code of its `clientError`; anything else is a 400. */
const parserErrors: Record<string, { status: number; code: ErrorCode; detail: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: ErrorCode.HEADERS_TOO_LARGE, detail: apiErrors.headersTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: ErrorCode.REQUEST_TIMEOUT, detail: apiErrors.requestTimeout },
};

/**
 * Requests Node's HTTP parser refuses (headers or URL over its 16 KiB limit, a malformed request line,
 * a request that never finishes) never reach Fastify: the server's `clientError` event gets the raw
 * socket. Fastify's default answers in English without our codes; this writes the same
 * `{detail, code}` as every other error. Passed to Fastify as its `clientErrorHandler` option.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = function (
  this: { log: { debug: (object: object, message: string) => void } },
  error: Error & { code?: string },
  socket: Socket,
) {
  // A reset connection has no one left to answer (Node's own handler does the same).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code ? parserErrors[error.code] : undefined) ?? {
    status: 400,
    code: ErrorCode.BAD_REQUEST,
    detail: apiErrors.badRequest,
  };
  // Mostly scanners and broken proxies: debug, and only the code (the raw bytes may hold secrets).
  this.log.debug({ code: error.code, status: known.status }, 'request refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify({ detail: known.detail, code: known.code });
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
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
    // @fastify/static refuses with 403 a path it cannot check on disk: a 300-character "id" (the file
    // system's ENAMETOOLONG), "//" or "/./". No file is there for anyone: the not-found handler
    // answers (404, or the app's "Page non trouvée").
    if (error.code === 'FST_STATIC_FORBIDDEN_PATH') return reply.callNotFound();
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
