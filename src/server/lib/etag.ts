import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional answers for data that clients poll (issue 11: the booking page refetches its free
 * windows every 15 s). The ETag is a hash of the body itself, so it changes exactly when the answer
 * does, whatever wrote to the database; `Cache-Control: no-cache` lets the browser keep the answer
 * but ask again each time, sending If-None-Match on its own, and a 304 then carries no body.
 */
export function entityTag(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Does an If-None-Match header name this tag? Weak comparison (RFC 9110 section 13.1.2), `*` matches. */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value === tag || value === `W/${tag}`;
  });
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends JSON text already serialized (and checked against the route's schema) by the caller: Fastify
 * sends a string with a JSON content type as is. Typed `never` for the route's type provider, which
 * only knows the object form.
 */
export function sendJson(reply: FastifyReply, json: string): never {
  return reply.type(JSON_TYPE).send(json) as never;
}

/** JSON text and its ETag, computed once: a cached answer is sent as is (free windows). */
export type TaggedJson = { json: string; etag: string };

/**
 * Sends an answer already serialized (checked against the route's schema by its maker) with its
 * ETag, or a bodiless 304 when the client already holds that answer: a cached answer's 304 then
 * costs a header comparison.
 */
export function sendTaggedJson(request: FastifyRequest, reply: FastifyReply, answer: TaggedJson): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', 'no-cache');
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return sendJson(reply, answer.json);
}
