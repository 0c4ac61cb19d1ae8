import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  BOOKING_SWEEP_INTERVAL_MS,
  REMINDER_SWEEP_INTERVAL_MS,
  SIGNUPS_PER_ADDRESS_PER_HOUR,
} from '#shared/constants.ts';

/** Environment variables of DESIGN.md section 5, parsed once, with the embedded defaults. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  // Unset: the simulator runs whenever STRIPE_SECRET_KEY is unset, outside production only.
  PAYMENTS_SIMULATOR: booleanFlag.optional(),
  /** The Connect endpoint's own secret: events of connected accounts (account.updated, payout.*). */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Appui <no-reply@appui.local>'),
  // Unset: demo data outside production only (the demo accounts share a published password).
  SEED_DEMO: booleanFlag.optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  SIGNUP_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(SIGNUPS_PER_ADDRESS_PER_HOUR),
  // Unset: no proxy is trusted, X-Forwarded-For is ignored and limits key on the socket's address.
  TRUST_PROXY: z
    .string()
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : value.split(',').map((entry) => entry.trim())))
    .refine(
      (value) => typeof value === 'number' || value.every(isAddressOrCidr),
      'must be a hop count or a comma-separated list of proxy addresses or CIDR ranges',
    )
    .optional(),
  // Unset: the OpenAPI UI outside production only (it lists every route to whoever asks).
  OPENAPI_UI: booleanFlag.optional(),
  // Unset: each sweep at its own interval (constants.ts). The scale-out harness lowers it so that two
  // processes sweep the same rows many times within a test (each row must still change once).
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
});

/** `10.0.0.1`, `::1`, `10.0.0.0/8`, `fd00::/8`: what Fastify's trustProxy (proxy-addr) accepts in a list. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

export type AppConfig = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  jwtSecret: string;
  stripe:
    | Readonly<{ secretKey: string; webhookSecret: string | undefined; connectWebhookSecret: string | undefined }>
    | undefined;
  /**
   * The payment simulator runs in production, by PAYMENTS_SIMULATOR=true: every page says that no
   * payment is real (the browser's public config, plugins/public-config.ts).
   */
  demoBanner: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: boolean;
  admin: Readonly<{ email: string; password: string }> | undefined;
  logLevel: string;
  authRateLimitPerMinute: number;
  signupRateLimitPerHour: number;
  /** Fastify's trustProxy: false (the socket's address), a hop count, or the trusted proxies. */
  trustProxy: false | number | string[];
  openApiUi: boolean;
  /** How often each process runs its periodic sweeps (jobs/index.ts). */
  sweepIntervals: Readonly<{ bookingsMs: number; remindersMs: number }>;
}>;

export class ConfigError extends Error {}

/**
 * Connections to the PostgreSQL server when DATABASE_POOL_SIZE is unset: twice the cores, between 4
 * and 10 (PostgreSQL's own rule of thumb). More connections than the cores can run make PostgreSQL
 * share them out, and a slow query then holds its share for many times its own duration: on 2 cores,
 * searches at 20 concurrent clients answered p99 36-43 ms with 4 connections, 57-59 ms with 10.
 */
export function defaultDatabasePoolSize(cores = os.availableParallelism()): number {
  return Math.min(10, Math.max(4, 2 * cores));
}

/** Reads (or creates once, mode 0600) the JWT secret kept in DATA_DIR when JWT_SECRET is unset. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings in .env files mean "unset", not "invalid".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue ? String(issue.path[0]) : 'environment';
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? ''}`.trim());
  }
  const e = parsed.data;
  if (e.ADMIN_EMAIL && !e.ADMIN_PASSWORD)
    throw new ConfigError('Invalid configuration: ADMIN_PASSWORD is required with ADMIN_EMAIL');
  if (e.STRIPE_WEBHOOK_SECRET && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY is required with STRIPE_WEBHOOK_SECRET');
  }
  if (e.STRIPE_CONNECT_WEBHOOK_SECRET && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY is required with STRIPE_CONNECT_WEBHOOK_SECRET');
  }
  if (e.PAYMENTS_SIMULATOR === true && e.STRIPE_SECRET_KEY) {
    throw new ConfigError('Invalid configuration: PAYMENTS_SIMULATOR=true and STRIPE_SECRET_KEY exclude each other');
  }
  // A production server never takes pretend money by default: without Stripe's keys it would start
  // the simulator, whose "fake card" marks bookings paid.
  const simulatorInProduction = e.NODE_ENV === 'production' && !e.STRIPE_SECRET_KEY;
  if (simulatorInProduction && e.PAYMENTS_SIMULATOR !== true) {
    throw new ConfigError(
      'Invalid configuration: NODE_ENV=production needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or PAYMENTS_SIMULATOR=true for a demonstration without real payments)',
    );
  }
  if (e.NODE_ENV === 'production' && e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration: STRIPE_WEBHOOK_SECRET is required with NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && e.SEED_DEMO === true) {
    throw new ConfigError(
      'Invalid configuration: SEED_DEMO=true is refused with NODE_ENV=production (demo accounts, public password)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? defaultDatabasePoolSize(),
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    stripe: e.STRIPE_SECRET_KEY
      ? Object.freeze({
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
        })
      : undefined,
    demoBanner: simulatorInProduction,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? Object.freeze({ email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD })
        : undefined,
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    signupRateLimitPerHour: e.SIGNUP_RATE_LIMIT_PER_HOUR,
    trustProxy: e.TRUST_PROXY ?? false,
    openApiUi: e.OPENAPI_UI ?? e.NODE_ENV !== 'production',
    sweepIntervals: Object.freeze({
      bookingsMs: e.SWEEP_INTERVAL_MS ?? BOOKING_SWEEP_INTERVAL_MS,
      remindersMs: e.SWEEP_INTERVAL_MS ?? REMINDER_SWEEP_INTERVAL_MS,
    }),
  });
}
