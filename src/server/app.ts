import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { stdSerializers } from 'pino';
import { API_BASE_PATH } from '#shared/constants.ts';
import { configureZod } from '#shared/schemas/zod-locale.ts';
import { createMailer, type Mailer } from './adapters/mail/mailer.ts';
import { createPaymentProvider } from './adapters/payments/create-provider.ts';
import type { PaymentProvider } from './adapters/payments/provider.ts';
import type { StripeClientOptions } from './adapters/payments/stripe-provider.ts';
import type { App, AppContext } from './app-types.ts';
import type { AppConfig } from './config.ts';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './db/client.ts';
import { runInBackground } from './lib/background.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { blocksRoutes } from './modules/blocks/blocks.routes.ts';
import { bookingsRoutes } from './modules/bookings/bookings.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';
import { liveChatRoutes } from './modules/live-chat/live-chat.routes.ts';
import { createChatHub } from './modules/live-chat/live-chat.service.ts';
import { messagingRoutes } from './modules/messaging/messaging.routes.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { paymentSimulatorRoutes } from './modules/payment-simulator/payment-simulator.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { handleWebhook } from './modules/payments/payments.service.ts';
import { payoutsRoutes } from './modules/payouts/payouts.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { createSocketHub, type SocketHubOptions } from './modules/realtime/realtime.service.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { slotsRoutes } from './modules/slots/slots.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity, trustProxyOption } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { loadPageRenderer } from './plugins/ssr.ts';
import { registerWebsocketGuard, registerWebsocketServer } from './plugins/websocket.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export type BuildAppOptions = {
  /** An already opened and migrated database (tests, benchmark); otherwise opened from config. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  /** A payment provider of the caller's (tests); otherwise Stripe or the simulator, from config. */
  payments?: PaymentProvider;
  /** Tests only: the Stripe SDK's host and port when STRIPE_SECRET_KEY is set (a local stand-in). */
  stripeClient?: StripeClientOptions;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
  /** Tests only: shorter ping and presence intervals of the socket hub. */
  socketHub?: Partial<SocketHubOptions>;
  /** Tests only: told of every route as it is registered (the access matrix reads the route table). */
  onRoute?: (route: RouteOptions) => void;
};

/** Secrets never reach the logs, whatever the route (DESIGN.md section 14). */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.new_password',
  '*.current_password',
  '*.token',
  '*.access_token',
  '*.jwtSecret',
  '*.secretKey',
];

/** Drizzle writes a failed query's parameters (password hashes, e-mails, free texts) into its message. */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  const serialized = stdSerializers.err(error);
  if (!('params' in error)) return serialized;
  return {
    ...serialized,
    params: '[secret]',
    message: serialized.message.replace(QUERY_PARAMS, '\nparams: [secret]'),
    stack: serialized.stack.replace(QUERY_PARAMS, '\nparams: [secret]'),
  };
}

/**
 * A request URL as access logs may keep it: the tokens of reset links and sockets, and checkout
 * session ids (whoever holds one opens that checkout page, in the query of the success page and in
 * the simulator's paths), replaced by [secret].
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&])([^&=#]*)=([^&#]*)/g, (pair: string, lead: string, key: string) =>
      SECRET_QUERY_KEYS.has(decodedQueryKey(key)) ? `${lead}${key}=[secret]` : pair,
    )
    .replace(/(\/simulateur\/paiement\/)[^/?]+/, '$1[secret]');
}

const SECRET_QUERY_KEYS = new Set(['token', 'session_token', 'auth_token', 'session_id']);

/** The key as the query parser reads it (`%74oken` is `token`), in any case: logs err on the safe side. */
function decodedQueryKey(key: string): string {
  try {
    return decodeURIComponent(key.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return key.toLowerCase();
  }
}

export function defaultLogger(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[secret]' },
    serializers: {
      err: serializeError,
      // Reset links carry their token in the query string: keep it out of access logs.
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

/** Where the simulator hands its signed events: the webhook route's own handler, in-process. */
async function deliverWebhook(ctx: AppContext, rawBody: Buffer, signature: string): Promise<void> {
  await handleWebhook(ctx, rawBody, signature);
}

/** Builds the whole application without listening (STYLE.md habit 1). */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<App> {
  configureZod();
  const app = Fastify({
    logger: options.logger ?? defaultLogger(config.logLevel),
    bodyLimit: 1024 * 1024,
    // Only the proxies named by TRUST_PROXY may set the client address (rate limits key on it).
    trustProxy: trustProxyOption(config.trustProxy),
    // Graceful shutdown: keep-alive sockets must not hold `close()` forever.
    forceCloseConnections: 'idle',
    // Errors raised before any route (router, Node's HTTP parser) answer {detail, code} in French too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any plugin: a hook added later would miss the routes registered before it.
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      poolSize: config.databasePoolSize,
      dataDir: config.dataDir,
    }));
  if (!options.database) await migrateDatabase(database);
  const payments =
    options.payments ??
    createPaymentProvider(config, {
      db: database.db,
      // The simulator's events go through the webhook handler in-process, like Stripe's over HTTP.
      deliver: (rawBody, signature) => deliverWebhook(ctx, rawBody, signature),
      deliverLater: (task) =>
        runInBackground(ctx, task, (error) => app.log.error({ err: error }, 'simulated webhook delivery failed')),
      stripeClient: options.stripeClient,
    });
  const ctx: AppContext = Object.freeze({
    config,
    db: database.db,
    database,
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        dataDir: config.dataDir,
        log: app.log,
        logKey: config.jwtSecret,
      }),
    payments,
    log: app.log,
  });
  app.decorate('ctx', ctx);
  // The database is ours to close only if we opened it.
  if (!options.database) app.addHook('onClose', () => database.close());

  // Order matters: security first (headers, rate limits), then compression (it wires itself into each
  // route as it is declared, the static files' included), the error model, OpenAPI (it must see every
  // route registered after it), authentication, and finally the feature modules. The multipart
  // parser is registered by the one route that takes a file (users.routes.ts): its three hooks would
  // otherwise run on every request.
  await registerSecurity(app);
  await registerCompression(app);
  registerErrorHandler(app);
  await registerOpenApi(app, { ui: config.openApiUi });
  await app.register(authPlugin, { ctx });
  registerWebsocketGuard(app);

  // The app sockets of this instance: subscribed to the bus once the app is ready, and stopped
  // (sockets closed, presence rows dropped) before the database closes.
  const socketHub = createSocketHub(ctx, options.socketHub);
  app.addHook('onReady', () => socketHub.start());
  app.addHook('onClose', () => socketHub.stop());
  // The live-chat sockets of this instance, by session, fed by the same bus.
  const chatHub = createChatHub(ctx, { pingIntervalMs: options.socketHub?.pingIntervalMs });
  app.addHook('onReady', () => chatHub.start());
  app.addHook('onClose', () => chatHub.stop());

  // Feature modules, listed explicitly so the whole API reads in one place.
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(authRoutes, { ctx });
      await api.register(usersRoutes, { ctx });
      await api.register(blocksRoutes, { ctx });
      await api.register(privacyRoutes, { ctx });
      await api.register(offersRoutes, { ctx });
      await api.register(slotsRoutes, { ctx });
      await api.register(bookingsRoutes, { ctx });
      await api.register(reviewsRoutes, { ctx });
      await api.register(paymentsRoutes, { ctx });
      await api.register(payoutsRoutes, { ctx });
      await api.register(ledgerRoutes, { ctx });
      await api.register(messagingRoutes, { ctx });
      await api.register(adminRoutes, { ctx });
      await api.register(reportsRoutes, { ctx });
      await api.register(supportRoutes, { ctx });
      // The modules with a socket endpoint, in the one scope where @fastify/websocket's hooks run: the
      // other routes do not pay them on each request (plugins/websocket.ts).
      await api.register(async (sockets) => {
        await registerWebsocketServer(sockets);
        await sockets.register(realtimeRoutes, { ctx, hub: socketHub });
        await sockets.register(liveChatRoutes, { ctx, hub: chatHub });
      });
    },
    { prefix: API_BASE_PATH },
  );
  // The payment simulator's own pages (simulator mode only), where Stripe's hosted pages would be.
  await app.register(paymentSimulatorRoutes, { ctx });

  await app.register(seoRoutes, { ctx });
  // The public pages are rendered at request time when the SSR bundle was built (plugins/ssr.ts).
  const serveWeb = options.serveWeb !== false;
  const publicConfig = { demo_banner: config.demoBanner };
  const renderPage = serveWeb ? await loadPageRenderer(app, { publicUrl: config.publicUrl, publicConfig }) : null;
  await registerSpa(app, {
    dataDir: config.dataDir,
    webDir: serveWeb ? undefined : '/nonexistent',
    renderPage,
    publicConfig,
  });
  return app;
}
