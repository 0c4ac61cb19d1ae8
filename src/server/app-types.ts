import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Mailer } from './adapters/mail/mailer.ts';
import type { PaymentProvider } from './adapters/payments/provider.ts';
import type { AppConfig } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';

/** The Fastify instance every module receives: zod type provider on. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What services need from the outside world; built once in buildApp and passed explicitly. */
export type AppContext = Readonly<{
  config: AppConfig;
  db: Database;
  database: DatabaseHandle;
  mailer: Mailer;
  /** Stripe or the built-in simulator (adapters/payments/create-provider.ts). */
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}>;
