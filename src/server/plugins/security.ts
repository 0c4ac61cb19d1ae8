import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { API_BASE_PATH } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import type { App } from '../app-types.ts';
import { addressBucket, countersFor, rateLimitStore } from './rate-limit-store.ts';

/**
 * Helmet with a strict Content-Security-Policy: scripts only from our origin, never inline (public
 * pages are rendered on the server, their data in a JSON script, plus hashed bundles). Inline styles stay allowed because Radix
 * positions popovers with style attributes.
 */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  // `frame-ancestors 'none'` above already forbids framing; helmet's X-Frame-Options: SAMEORIGIN
  // would say the opposite to the browsers that read only the older header.
  xFrameOptions: false,
};

/**
 * The headers helmet sets, computed once. Our policy is static (no nonces, no per-request
 * directives), so running helmet's middleware chain on every request — what @fastify/helmet does —
 * only repeats the same work: measured here, it cost 40 % of the throughput of a bare route.
 */
export function computeSecurityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let completed = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    completed = true;
  });
  if (!completed) throw new Error('helmet did not complete synchronously');
  return headers;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify now refuses a bare hop count (it trusts nothing then:
 * the nearest peer cannot be checked), so a count becomes the usual proxy-addr rule, "trust the N
 * nearest hops" — right only when the app is reachable solely through its proxies (README).
 */
export function trustProxyOption(
  trustProxy: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

/**
 * The headers of the API's answers (everything under API_BASE_PATH): JSON, and files sent as
 * attachments, never a document a browser renders. What stays is what protects an API answer
 * (OWASP REST Security cheat sheet): no sniffing, no cross-origin embedding, HTTPS only, and a
 * policy that allows nothing at all, framing included, should the JSON ever be opened as a page.
 * The headers that act only on a rendered page (the opener policy, Origin-Agent-Cluster, DNS
 * prefetching, the legacy XSS and download switches, and the referrer policy) have nothing to act
 * on there. The referrer policy governs the requests a document makes and the redirects a response
 * causes: an API answer is no document, and a redirect keeps the policy of the page that started
 * the navigation (ours say no-referrer) and sends that page's address, never the API's.
 *
 * Each header is paid on every answer: Node checks its name and value, and it crosses the wire.
 * The pages' eleven (620 bytes) cost the health route about 10 % of the throughput of a bare
 * Fastify route in `npm run bench` (issue 11, section 3); these four cost it about 6 % on a quiet
 * machine (README, Performance).
 */
export function computeApiSecurityHeaders(pageHeaders = computeSecurityHeaders()): Record<string, string> {
  const kept = ['cross-origin-resource-policy', 'strict-transport-security', 'x-content-type-options'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(kept.filter((name) => name in pageHeaders).map((name) => [name, pageHeaders[name]!])),
  };
}

/** An address of the API (its answers take computeApiSecurityHeaders). */
function isApiUrl(url: string): boolean {
  return url.startsWith(`${API_BASE_PATH}/`);
}

export async function registerSecurity(app: App): Promise<void> {
  const pageHeaders = computeSecurityHeaders();
  const apiHeaders = computeApiSecurityHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? apiHeaders : pageHeaders);
    done();
  });
  // Limits are declared per route (auth, bookings, later messaging and chat); nothing global. The
  // counts live where every instance sees them (rate-limit-store.ts), and the client address they key
  // on is the socket's unless TRUST_PROXY names the proxies allowed to set X-Forwarded-For.
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(countersFor(app.ctx.database, app.ctx.config.jwtSecret)),
    // Routes that count per client count an IPv6 client by its /64 (rate-limit-store.ts).
    keyGenerator: (request) => addressBucket(request.ip),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      detail: apiErrors.rateLimited,
      code: ErrorCode.RATE_LIMITED,
      retry_after_seconds: Math.ceil(context.ttl / 1000),
    }),
  });
}
