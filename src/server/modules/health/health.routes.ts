import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import type { App, AppContext } from '../../app-types.ts';
import { sendJson } from '../../lib/etag.ts';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
const UnavailableSchema = z.object({ detail: z.string(), code: z.string() });

/**
 * How long a database ping answers for. Load balancers and monitors poll health constantly; one
 * ping a second (shared by concurrent requests) tells them the same thing without taking a database
 * connection per poll — with PGlite, whose queries run one at a time, that matters.
 */
export const HEALTH_PING_MAX_AGE_MS = 1000;

/**
 * Whether the database answered its last ping: the boolean itself while that answer is fresh and
 * known (nearly every poll: no promise, no microtask turn), else the promise of the ping under way,
 * shared by the concurrent callers.
 */
export function createDatabaseProbe(
  ping: () => Promise<void>,
  maxAgeMs = HEALTH_PING_MAX_AGE_MS,
): () => boolean | Promise<boolean> {
  let last: { at: number; result: Promise<boolean>; known: boolean | undefined } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= maxAgeMs) {
      const current: NonNullable<typeof last> = {
        at: now,
        known: undefined,
        result: ping().then(
          () => (current.known = true),
          () => (current.known = false),
        ),
      };
      last = current;
    }
    return last.known ?? last.result;
  };
}

export async function healthRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  const databaseReachable = createDatabaseProbe(() => ctx.database.ping());
  // The healthy answer never changes for a running process: serialized (and checked against its
  // schema) once here, sent as is. Monitors poll this route constantly; per-request zod work on a
  // constant answer is pure overhead (issue 11, section 3).
  const healthy = JSON.stringify(HealthSchema.parse({ status: 'ok', database: ctx.database.kind }));
  const answer = (request: FastifyRequest, reply: FastifyReply, reachable: boolean): void => {
    if (reachable) {
      sendJson(reply, healthy);
      return;
    }
    request.log.error('health check: database unreachable');
    void reply.code(503).send({ detail: apiErrors.serviceUnavailable, code: ErrorCode.SERVICE_UNAVAILABLE });
  };
  app.get(
    '/health',
    {
      schema: { tags: ['health'], summary: 'État du service', response: { 200: HealthSchema, 503: UnavailableSchema } },
      // Load balancers poll this route every few seconds: an "incoming request" and a "request
      // completed" line per poll would bury the logs that matter (a product choice). Its failure is
      // still logged, at error; every other route keeps Fastify's access lines.
      logLevel: 'warn',
    },
    // Not async: the probe's answer is nearly always already known, and sending it in the same turn
    // spares each poll a promise and its microtask turns (issue 11, section 3).
    (request, reply) => {
      const reachable = databaseReachable();
      if (typeof reachable === 'boolean') answer(request, reply, reachable);
      else return reachable.then((known) => answer(request, reply, known));
    },
  );
}
