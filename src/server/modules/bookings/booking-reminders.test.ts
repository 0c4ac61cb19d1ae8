import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_REMINDER_HOURS } from '#shared/constants.ts';
import { bookingMail } from '#shared/messages/bookings.ts';
import { frenchLongParis } from '#shared/rules/paris-time.ts';
import type { Mailer } from '#server/adapters/mail/mailer.ts';
import type { AppContext } from '#server/app-types.ts';
import { bookings } from '#server/db/schema/bookings.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { sendDueReminders } from '#server/modules/bookings/bookings.service.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { createOffer, type TestOffer } from '#tests/factories/offers.ts';
import { createSlot, hoursFromNow } from '#tests/factories/slots.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';
import { parseMail } from '#tests/mail.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let helper: UserRow;
let seeker: UserRow;
let offer: TestOffer;
/**
 * Each test sweeps at its own `now`, ten days after the previous one's, so the bookings of one test are
 * never due at another's (a reminder is due in the SESSION_REMINDER_HOURS before the start only).
 */
let base: Date;
const epoch = (index: number) => new Date(base.getTime() + index * 10 * DAY);

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  helper = await createHelper(db, { displayName: 'Claire Dubois' });
  seeker = await createSeeker(db, { displayName: 'Paul Martin' });
  offer = await createOffer(db, helper, {
    title: 'Sortir du burn-out, pas à pas',
    meetingContactInfo: 'Appelez-moi au 06 12 34 56 78',
  });
  base = hoursFromNow(0, 30);
});
afterAll(() => t.close());

type OutboxMail = { to: string; subject: string; text: string; ics: string };

function decodePart(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The text/calendar part of a raw mail, decoded (empty when there is none). */
function calendarPart(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) return '';
  const part = raw.split(`--${boundary}`).find((p) => /content-type:\s*text\/calendar/i.test(p));
  if (!part) return '';
  const normalized = part.replace(/^\r?\n/, '');
  const headerEnd = normalized.search(/\r?\n\r?\n/);
  const headers = normalized.slice(0, headerEnd);
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
  return decodePart(normalized.slice(headerEnd).replace(/^\r?\n\r?\n/, ''), encoding);
}

async function outbox(): Promise<OutboxMail[]> {
  return (await t.readOutbox()).map((raw) => ({ ...parseMail(raw), ics: calendarPart(raw) }));
}

/** The reminder mails of one booking found in the outbox. */
async function remindersOf(bookingId: string): Promise<OutboxMail[]> {
  const uid = `UID:booking-${bookingId}@appui`;
  return (await outbox()).filter((mail) => mail.subject.startsWith('Rappel') && mail.ics.includes(uid));
}

const reminderSentAt = async (id: string) =>
  (await t.app.ctx.db.select({ at: bookings.reminderSentAt }).from(bookings).where(eq(bookings.id, id)))[0]?.at;

type BookingFields = Omit<Parameters<typeof createBooking>[1], 'offer' | 'seeker' | 'startAt'>;
const book = (startAt: Date, fields: BookingFields = {}) =>
  createBooking(t.app.ctx.db, { offer, seeker, startAt, ...fields });

describe('sendDueReminders', () => {
  it('mails each party once, in Paris time, with the contact information and the confirmation’s .ics', async () => {
    const other = await createHelper(t.app.ctx.db, { displayName: 'Inès Robert' });
    const otherOffer = await createOffer(t.app.ctx.db, other, {
      title: 'Parler de son deuil',
      meetingContactInfo: 'inès@exemple.fr',
    });
    const start = hoursFromNow(23);
    await createSlot(t.app.ctx.db, other, {
      startAt: new Date(start.getTime() - HOUR),
      endAt: new Date(start.getTime() + 3 * HOUR),
      offerId: otherOffer.id,
      meetingLink: 'https://visio.exemple.fr/salle-42',
    });
    // Booked through the API, so the confirmation mail and its .ics exist to compare with.
    const res = await t.injectAs(seeker, {
      method: 'POST',
      url: '/api/v1/bookings/',
      payload: {
        offer_id: otherOffer.id,
        start_at: start.toISOString(),
        end_at: new Date(start.getTime() + HOUR).toISOString(),
      },
    });
    expect(res.statusCode).toBe(201);
    const id: string = res.json().id;
    const uid = `UID:booking-${id}@appui`;
    const confirmation = (await outbox()).find((mail) => !mail.subject.startsWith('Rappel') && mail.ics.includes(uid));
    expect(confirmation).toBeDefined();

    const now = new Date();
    const first = await sendDueReminders(t.app.ctx, now);
    expect(first).toEqual({ sent: 1, failed: 0 });
    const mails = await remindersOf(id);
    expect(mails.map((mail) => mail.to).sort()).toEqual([other.email, seeker.email].sort());
    const when = frenchLongParis(start);
    for (const mail of mails) {
      expect(mail.subject).toBe(bookingMail.reminderSubject('Parler de son deuil', when));
      expect(mail.text).toContain(`${when} (heure de Paris)`);
      expect(mail.text).toContain('durée 60 min');
      expect(mail.text).toContain('Informations de contact : inès@exemple.fr');
      expect(mail.text).toContain('Lien de la réunion : https://visio.exemple.fr/salle-42');
      expect(mail.text).toContain('http://appui.test/dashboard?tab=bookings');
      expect(mail.ics).toContain('METHOD:PUBLISH');
      expect(mail.ics).toContain(uid);
    }
    expect(mails.find((mail) => mail.to === seeker.email)?.text).toContain('avec Inès Robert');
    expect(mails.find((mail) => mail.to === other.email)?.text).toContain('avec Paul Martin');
    expect(await reminderSentAt(id)).toEqual(now);

    // A second sweep, or a restarted process (the state is in the row), sends nothing more.
    expect(await sendDueReminders(t.app.ctx, new Date(now.getTime() + 60_000))).toEqual({ sent: 0, failed: 0 });
    expect(await remindersOf(id)).toHaveLength(2);
  });

  it(`waits until the session is at most ${SESSION_REMINDER_HOURS} h away, and skips sessions already begun`, async () => {
    const now = epoch(1);
    const later = await book(new Date(now.getTime() + 25 * HOUR));
    const begun = await book(new Date(now.getTime() - HOUR / 2));
    expect(await sendDueReminders(t.app.ctx, now)).toEqual({ sent: 0, failed: 0 });
    expect(await remindersOf(later.id)).toHaveLength(0);

    const dueAt = new Date(now.getTime() + 2 * HOUR);
    expect(await sendDueReminders(t.app.ctx, dueAt)).toEqual({ sent: 1, failed: 0 });
    expect(await remindersOf(later.id)).toHaveLength(2);
    expect(await remindersOf(begun.id)).toHaveLength(0);
  });

  it('reminds paid and scheduled sessions only', async () => {
    const now = epoch(2);
    const at = (hours: number) => new Date(now.getTime() + hours * HOUR);
    const cancelled = await book(at(2), { status: 'cancelled', cancelledAt: now });
    const pending = await book(at(4), { status: 'pending_payment', holdExpiresAt: at(0.5), priceCents: 3000 });
    const completed = await book(at(6), { status: 'completed' });
    const paid = await book(at(8), { status: 'paid', priceCents: 3000 });
    const scheduled = await book(at(10));
    expect(await sendDueReminders(t.app.ctx, now)).toEqual({ sent: 2, failed: 0 });
    for (const none of [cancelled, pending, completed]) {
      expect(await remindersOf(none.id)).toHaveLength(0);
      expect(await reminderSentAt(none.id)).toBeNull();
    }
    expect(await remindersOf(paid.id)).toHaveLength(2);
    expect(await remindersOf(scheduled.id)).toHaveLength(2);
  });

  it('sends once when several sweeps run at the same time', async () => {
    const now = epoch(3);
    const due = [];
    for (let i = 0; i < 30; i += 1) {
      const startAt = new Date(now.getTime() + HOUR + i * 30 * 60_000);
      due.push(await book(startAt, { endAt: new Date(startAt.getTime() + 30 * 60_000) }));
    }
    // On PostgreSQL each sweep's statements run on their own pooled connection, truly in parallel.
    const sweeps = await Promise.all([0, 1, 2, 3].map(() => sendDueReminders(t.app.ctx, now)));
    expect(sweeps.reduce((total, sweep) => total + sweep.sent, 0)).toBe(30);
    expect(sweeps.every((sweep) => sweep.failed === 0)).toBe(true);
    const mails = (await outbox()).filter((mail) => mail.subject.startsWith('Rappel'));
    for (const booking of due) {
      expect(mails.filter((mail) => mail.ics.includes(`UID:booking-${booking.id}@appui`))).toHaveLength(2);
    }
  });

  it('gives the claim back when the mail fails, without the address in the logs, and retries next time', async () => {
    const now = epoch(4);
    const booking = await book(new Date(now.getTime() + 12 * HOUR));
    const logged: unknown[] = [];
    const log = Object.assign(Object.create(t.app.ctx.log) as FastifyBaseLogger, {
      error: (...args: unknown[]) => logged.push(args),
    });
    // An SMTP refusal echoes the recipient, as real servers do.
    const failing: Mailer = {
      destination: 'test',
      send: (mail) => Promise.reject(new Error(`550 <${mail.to}>: Recipient address rejected`)),
    };
    const broken: AppContext = { ...t.app.ctx, mailer: failing, log };
    expect(await sendDueReminders(broken, now)).toEqual({ sent: 0, failed: 1 });
    expect(await reminderSentAt(booking.id)).toBeNull();
    expect(await remindersOf(booking.id)).toHaveLength(0);
    expect(logged.length).toBeGreaterThan(0);
    const logText = JSON.stringify(logged);
    expect(logText).toContain(booking.id);
    expect(logText).not.toContain(seeker.email);
    expect(logText).not.toContain(helper.email);

    const retry = new Date(now.getTime() + 60_000);
    expect(await sendDueReminders(t.app.ctx, retry)).toEqual({ sent: 1, failed: 0 });
    expect(await remindersOf(booking.id)).toHaveLength(2);
    expect(await reminderSentAt(booking.id)).toEqual(retry);
  });

  it('says where to find the connection details when the offer has none', async () => {
    const now = epoch(5);
    const bare = await createOffer(t.app.ctx.db, helper, { title: 'Sans contact', meetingContactInfo: ' ' });
    const booking = await createBooking(t.app.ctx.db, {
      offer: bare,
      seeker,
      startAt: new Date(now.getTime() + 3 * HOUR),
    });
    expect(await sendDueReminders(t.app.ctx, now)).toEqual({ sent: 1, failed: 0 });
    const mails = await remindersOf(booking.id);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text).toContain(bookingMail.reminderNoContact.trim());
      expect(mail.text).not.toContain('Informations de contact :');
    }
  });
});
