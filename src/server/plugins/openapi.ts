import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../app-types.ts';

/**
 * OpenAPI generated from the zod schemas of the routes, served at /api/docs (JSON at /api/docs/json)
 * when `ui` is on (OPENAPI_UI; default off in production). The UI and the JSON go together: both
 * list every route, which production need not advertise.
 */
export async function registerOpenApi(app: App, options: { ui: boolean }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Appui API',
        version: '1.0.0',
        description: "API de la plateforme d'entraide Appui. Erreurs : {detail, code}.",
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  if (options.ui) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
