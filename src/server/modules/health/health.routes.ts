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

export function createDatabaseProbe(ping: () => Promise<void>, maxAgeMs = HEALTH_PING_MAX_AGE_MS) {
  let last: { at: number; result: Promise<boolean> } | undefined;
  return (): Promise<boolean> => {
    const now = Date.now();
    if (!last || now - last.at >= maxAgeMs) {
      last = {
        at: now,
        result: ping().then(
          () => true,
          () => false,
        ),
      };
    }
    return last.result;
  };
}

export async function healthRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  const databaseReachable = createDatabaseProbe(() => ctx.database.ping());
  // The healthy answer never changes for a running process: serialized (and checked against its
  // schema) once here, sent as is. Monitors poll this route constantly; per-request zod work on a
  // constant answer is pure overhead (issue 11, section 3).
  const healthy = JSON.stringify(HealthSchema.parse({ status: 'ok', database: ctx.database.kind }));
  app.get(
    '/health',
    {
      schema: { tags: ['health'], summary: 'État du service', response: { 200: HealthSchema, 503: UnavailableSchema } },
    },
    async (request, reply) => {
      if (await databaseReachable()) return sendJson(reply, healthy);
      request.log.error('health check: database unreachable');
      reply.code(503);
      return { detail: apiErrors.serviceUnavailable, code: ErrorCode.SERVICE_UNAVAILABLE };
    },
  );
}
