import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordReset } from '#shared/messages/auth.ts';
import type { Mail, Mailer } from '../../adapters/mail/mailer.ts';
import { buildApp, defaultLogger } from '../../app.ts';
import type { App } from '../../app-types.ts';
import { loadConfig } from '../../config.ts';
import { backgroundSettled } from '../../lib/background.ts';
import { TEST_JWT_SECRET } from '#tests/build-test-app.ts';
import { createSeeker } from '#tests/factories/users.ts';
import { parseMail } from '#tests/mail.ts';
import { openTestDatabase } from '#tests/test-database.ts';

/** An app on its own database and DATA_DIR, with the given mailer and logger; closed after each test. */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function startApp(options: { mailer?: Mailer; logStream?: Writable }): Promise<{ app: App; dataDir: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'appui-mail-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'http://appui.test',
    LOG_LEVEL: 'trace',
  });
  const database = await openTestDatabase();
  const logger = options.logStream ? { ...(defaultLogger('trace') as object), stream: options.logStream } : false;
  const app = await buildApp(config, { database, mailer: options.mailer, logger, serveWeb: false });
  cleanups.push(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { app, dataDir };
}

const forgot = (app: App, email: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });

describe('POST /auth/forgot-password answers before the mail is sent', () => {
  it('answers while the mailer is still busy with a known address, then sends', async () => {
    // A mailer whose send() only returns when the test releases it.
    const sent: Mail[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const mailer: Mailer = {
      destination: 'test',
      async send(mail) {
        sent.push(mail);
        await released;
      },
    };
    const { app } = await startApp({ mailer });
    const user = await createSeeker(app.ctx.db);

    const res = await forgot(app, user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: passwordReset.forgotGeneric });

    // The answer is out; the mail is being sent (or about to be) and has not finished.
    let done = false;
    const settled = backgroundSettled(app.ctx).then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toBe(false);
    release();
    await settled;
    expect(sent.map((mail) => mail.to)).toEqual([user.email]);
  }, 10_000);

  it('logs a mail failure without the address', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const mailer: Mailer = {
      destination: 'test',
      send: (mail) => Promise.reject(new Error(`550 <${mail.to}>: Recipient address rejected`)),
    };
    const { app } = await startApp({ mailer, logStream });
    const user = await createSeeker(app.ctx.db);
    expect((await forgot(app, user.email)).statusCode).toBe(200);
    await backgroundSettled(app.ctx);
    const log = lines.join('');
    expect(log).toContain('password reset mail could not be sent');
    expect(log).toContain('Recipient address rejected');
    expect(log.toLowerCase()).not.toContain(user.email.toLowerCase());
  });
});

describe('no secret in the logs (DESIGN.md section 14)', () => {
  it('logs neither the reset token nor the address during a whole reset with the outbox mailer', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const { app, dataDir } = await startApp({ logStream });
    const user = await createSeeker(app.ctx.db);

    expect((await forgot(app, user.email)).statusCode).toBe(200);
    await backgroundSettled(app.ctx);
    const outbox = path.join(dataDir, 'outbox');
    const [file] = await readdir(outbox);
    const mail = parseMail(await readFile(path.join(outbox, file!), 'utf8'));
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
    // The reset page also loads with the token in its URL: that request must not log it either.
    await app.inject({ method: 'GET', url: `/api/v1/health?token=${encodeURIComponent(token)}` });
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, new_password: 'nouveau-secret' },
    });
    expect(reset.statusCode).toBe(200);

    const log = lines.join('');
    expect(log).toContain('mail written to the local outbox');
    expect(log).toContain('/auth/reset-password');
    for (const secret of [token, encodeURIComponent(token), user.email, user.email.toLowerCase()]) {
      expect(log).not.toContain(secret);
    }
  });
});
