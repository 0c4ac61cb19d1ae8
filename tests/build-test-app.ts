import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, defaultLogger, type BuildAppOptions } from '#server/app.ts';
import type { App } from '#server/app-types.ts';
import { loadConfig, type AppConfig } from '#server/config.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { backgroundSettled } from '#server/lib/background.ts';
import { createTokenIssuer } from '#server/plugins/auth.ts';
import { openTestDatabase } from './test-database.ts';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** The tests' configuration on `dataDir` (silent logs, the test secret and public URL); `env` adds or overrides. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'http://appui.test',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

/** A trace-level app logger whose lines are kept, to check what the logs hold (and what they must not). */
export function capturedLogger(): { logger: FastifyServerOptions['logger']; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: { ...(defaultLogger('trace') as object), stream }, lines };
}

export type TestApp = {
  app: App;
  config: AppConfig;
  /** app.inject with the bearer token of `user` (none when null). */
  injectAs(user: Pick<UserRow, 'id' | 'tokenVersion'> | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  tokenFor(user: Pick<UserRow, 'id' | 'tokenVersion'>): Promise<string>;
  /** Mails written to the outbox so far, oldest first, as raw RFC 822 text. */
  readOutbox(): Promise<string[]>;
  close(): Promise<void>;
};

/**
 * The real application on a fresh migrated database (PGlite, or the PostgreSQL server under
 * `npm run test:pg`), with its mail outbox in a temporary DATA_DIR. One per test file. Silent, unless
 * given a `logger` (capturedLogger, to check what the logs never hold).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'stripeClient' | 'socketHub' | 'onRoute' | 'logger'> = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'appui-test-'));
  const config = testConfig(dataDir, {
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    SIGNUP_RATE_LIMIT_PER_HOUR: '1000',
    ...env,
  });
  const database = await openTestDatabase();
  const app = await buildApp(config, { ...options, database, logger: options.logger ?? false, serveWeb: false });
  await app.ready();
  const issuer = createTokenIssuer(config.jwtSecret);
  const outbox = path.join(dataDir, 'outbox');

  return {
    app,
    config,
    tokenFor: (user) => issuer.issue(user),
    async injectAs(user, options) {
      const headers = { ...(options.headers ?? {}) } as Record<string, string>;
      if (user) headers.authorization = `Bearer ${await issuer.issue(user)}`;
      return app.inject({ ...options, headers });
    },
    async readOutbox() {
      // Some mails leave after the answer (password reset): wait for those already started.
      await backgroundSettled(app.ctx);
      const files = await readdir(outbox).catch(() => [] as string[]);
      return Promise.all(files.sort().map((file) => readFile(path.join(outbox, file), 'utf8')));
    },
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
