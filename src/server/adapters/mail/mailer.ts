import { createHmac, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailAttachment = { filename: string; content: string | Buffer; contentType?: string };
export type Mail = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] };

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** Where mail goes: an SMTP URL without credentials, or the outbox folder. */
  readonly destination: string;
};

/**
 * How a recipient appears in the logs: a short keyed digest, enough to match two lines about one
 * address (or, for whoever holds the app's secret, to check a given address), never the address
 * itself (DESIGN.md section 14). Keyed, because a plain digest of an e-mail is reversed by guessing.
 */
export function recipientForLog(address: string, key: string): string {
  return `hmac:${createHmac('sha256', key).update(`mail-log:${address.trim().toLowerCase()}`).digest('hex').slice(0, 16)}`;
}

/**
 * A mail error as it may be logged: SMTP servers echo the recipient in their refusals
 * ("550 <ana@exemple.fr>: Recipient address rejected"), so every copy of the address is masked.
 */
export function mailErrorForLog(error: unknown, address: string): { type: string; message: string; code?: unknown } {
  const mask = (text: string) => text.split(address).join('[destinataire]');
  if (!(error instanceof Error)) return { type: typeof error, message: mask(String(error)) };
  return { type: error.name, message: mask(error.message), code: (error as { code?: unknown }).code };
}

/**
 * Sends every mail; a failure is logged with `context` (ids, never addresses) and the recipient masked,
 * and never thrown: a mail server being down must not undo a booking, a payment or a message. Answers
 * whether all of them left (the reminder sweep releases its claim otherwise).
 */
export async function sendEach(
  mailer: Mailer,
  log: FastifyBaseLogger,
  mails: Mail[],
  context: Record<string, unknown>,
  failure: string,
): Promise<boolean> {
  const results = await Promise.allSettled(mails.map((mail) => mailer.send(mail)));
  let delivered = true;
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') return;
    delivered = false;
    log.error({ ...context, err: mailErrorForLog(result.reason, mails[index]!.to) }, failure);
  });
  return delivered;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise nodemailer builds the same RFC 822 message
 * and we keep it as an `.eml` file in DATA_DIR/outbox, with a log line naming the file, so nothing needs
 * a mail server.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  /** Keys the recipient digests of the log lines (the app's secret). */
  logKey: string;
}): Mailer {
  const { from, log, logKey } = options;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const url = new URL(options.smtpUrl);
    return {
      destination: `${url.protocol}//${url.host}`,
      async send(mail) {
        await transport.sendMail({ from, ...mail });
        // No subject in the log: it can name a person ("Nouveau message de …") or carry their words.
        log.info({ to: recipientForLog(mail.to, logKey) }, 'mail sent over SMTP');
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: outbox,
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer);
      // The file, not the log, carries the mail: its links may hold working tokens (password reset),
      // and its subject can name a person ("Nouveau message de …").
      log.info({ to: recipientForLog(mail.to, logKey), file }, 'mail written to the local outbox');
    },
  };
}
