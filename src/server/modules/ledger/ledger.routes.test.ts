import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_DOCUMENTS_RATE_LIMIT_PER_HOUR } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { booking as bookingMessages } from '#shared/messages/bookings.ts';
import { ledgerErrors, receiptPdf, statementPdf } from '#shared/messages/ledger.ts';
import { LedgerSchema } from '#shared/schemas/ledger.ts';
import type { BookingRow } from '#server/db/schema/bookings.ts';
import type { PaymentRow } from '#server/db/schema/payments.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { createOffer } from '#tests/factories/offers.ts';
import { createPayment, refundPayment } from '#tests/factories/payments.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';
import { pdfTextPieces, piecesAfter } from '#tests/pdf-text.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let helper: UserRow;
let otherHelper: UserRow;
let seeker: UserRow;
let stranger: UserRow;
let admin: UserRow;
/** Ledger rows of `helper`, named by what each one exercises. */
let febPaid: PaymentRow; // 4 505 paid 31 Jan 23:30 UTC = 1 Feb 00:30 in Paris
let partlyRefunded: { booking: BookingRow; payment: PaymentRow };
let upcoming: PaymentRow;
let unpaidBooking: BookingRow;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  helper = await createHelper(db, { displayName: 'Claire Dubois' });
  otherHelper = await createHelper(db);
  seeker = await createSeeker(db, { displayName: 'Paul Martin' });
  stranger = await createSeeker(db);
  admin = await createAdmin(db);
  const eur = await createOffer(db, helper, {
    title: 'Écoute et soutien',
    options: [{ durationMinutes: 60, priceCents: 5000 }],
  });
  const usd = await createOffer(db, helper, {
    title: 'Study coaching',
    currency: 'usd',
    options: [{ durationMinutes: 60, priceCents: 2000 }],
  });
  const book = (fields: Parameters<typeof createBooking>[1]) => createBooking(db, fields);

  const a = await book({
    offer: eur,
    seeker,
    startAt: new Date('2025-02-03T10:00:00Z'),
    status: 'completed',
    priceCents: 4505,
  });
  febPaid = await createPayment(db, a, { paidAt: new Date('2025-01-31T23:30:00Z') });

  const b = await book({
    offer: eur,
    seeker,
    startAt: new Date('2025-03-11T13:00:00Z'),
    status: 'completed',
    priceCents: 5000,
  });
  const bPayment = await createPayment(db, b, { paidAt: new Date('2025-03-10T09:00:00Z') });
  await refundPayment(db, bPayment, 1995);
  partlyRefunded = { booking: b, payment: { ...bPayment, refundedCents: 1995 } };

  const c = await book({
    offer: eur,
    seeker,
    startAt: new Date('2025-03-20T13:00:00Z'),
    status: 'cancelled',
    priceCents: 5000,
    refundStatus: 'refunded',
    refundCents: 5000,
  });
  await refundPayment(db, await createPayment(db, c, { paidAt: new Date('2025-03-12T09:00:00Z') }));

  const d = await book({
    offer: eur,
    seeker,
    startAt: new Date(Date.now() + 5 * DAY),
    status: 'paid',
    priceCents: 5000,
  });
  upcoming = await createPayment(db, d, { paidAt: new Date(Date.now() - HOUR) });

  // Cancelled by the helper: the refund is owed, the provider has not confirmed it yet.
  const e = await book({
    offer: eur,
    seeker,
    startAt: new Date('2025-04-05T13:00:00Z'),
    status: 'cancelled',
    priceCents: 5000,
    refundStatus: 'pending',
    refundCents: 5000,
  });
  await createPayment(db, e, { paidAt: new Date('2025-04-01T09:00:00Z') });

  const h = await book({
    offer: usd,
    seeker,
    startAt: new Date('2025-06-02T13:00:00Z'),
    status: 'completed',
    priceCents: 2000,
  });
  await createPayment(db, h, { paidAt: new Date('2025-06-01T09:00:00Z') });

  // Not money: a checkout that lapsed unpaid, and another helper's payment.
  unpaidBooking = await book({
    offer: eur,
    seeker,
    startAt: new Date('2025-05-05T13:00:00Z'),
    status: 'cancelled',
    priceCents: 5000,
  });
  await createPayment(db, unpaidBooking, { status: 'expired', paidAt: null });
  const foreignOffer = await createOffer(db, otherHelper, { options: [{ durationMinutes: 60, priceCents: 9000 }] });
  const g = await book({
    offer: foreignOffer,
    seeker,
    startAt: new Date('2025-03-01T13:00:00Z'),
    status: 'completed',
    priceCents: 9000,
  });
  await createPayment(db, g, { paidAt: new Date('2025-03-01T09:00:00Z') });
});

afterAll(async () => {
  await t.close();
});

const get = (user: UserRow | null, url: string) => t.injectAs(user, { method: 'GET', url });

describe('GET /payments/ledger', () => {
  it('lists the helper’s confirmed payments newest first with commission, refunds and net', async () => {
    const res = await get(helper, '/api/v1/payments/ledger');
    expect(res.statusCode).toBe(200);
    const ledger = LedgerSchema.parse(res.json());
    expect(ledger.total).toBe(6);
    expect(ledger.helper_id).toBe(helper.id);
    expect(ledger.paid_out_tracked).toBe(true);
    expect(
      ledger.items.map((item) => [
        item.offer_title,
        item.amount_cents,
        item.commission_cents,
        item.refunded_cents,
        item.net_cents,
        item.status,
      ]),
    ).toEqual([
      ['Écoute et soutien', 5000, 500, 0, 4500, 'paid'],
      ['Study coaching', 2000, 200, 0, 1800, 'paid'],
      ['Écoute et soutien', 5000, 500, 0, 4500, 'refund_pending'],
      ['Écoute et soutien', 5000, 0, 5000, 0, 'refunded'],
      ['Écoute et soutien', 5000, 301, 1995, 2704, 'partially_refunded'],
      ['Écoute et soutien', 4505, 451, 0, 4054, 'paid'],
    ]);
    const first = ledger.items[0];
    expect(first).toMatchObject({
      payment_id: upcoming.id,
      seeker_display_name: 'Paul Martin',
      booking_status: 'paid',
      currency: 'eur',
    });
    expect(ledger.items.at(-1)?.paid_at).toBe('2025-01-31T23:30:00.000Z');
  });

  it('balances per currency: pending until the session is completed, available after refunds, nothing paid out', async () => {
    const ledger = LedgerSchema.parse((await get(helper, '/api/v1/payments/ledger?limit=1')).json());
    expect(ledger.items).toHaveLength(1);
    expect(ledger.balances).toEqual([
      // 4054 + 2704 + 0 (full refund); the refund still owed counts in neither.
      { currency: 'eur', pending_cents: 4500, available_cents: 6758, paid_out_cents: 0 },
      { currency: 'usd', pending_cents: 0, available_cents: 1800, paid_out_cents: 0 },
    ]);
  });

  it('pages with skip and limit', async () => {
    const ledger = LedgerSchema.parse((await get(helper, '/api/v1/payments/ledger?skip=1&limit=2')).json());
    expect(ledger).toMatchObject({ total: 6, skip: 1, limit: 2 });
    expect(ledger.items.map((item) => item.status)).toEqual(['paid', 'refund_pending']);
    expect(ledger.items[0]?.currency).toBe('usd');
    expect((await get(helper, '/api/v1/payments/ledger?limit=101')).statusCode).toBe(422);
  });

  it.each([
    ['visitor', (): UserRow | null => null, '', 401, ErrorCode.NOT_AUTHENTICATED],
    ['seeker', (): UserRow | null => seeker, '', 403, ErrorCode.HELPER_ROLE_REQUIRED],
    [
      'other helper naming the helper',
      (): UserRow | null => otherHelper,
      '?helper_id=HELPER',
      404,
      ErrorCode.NOT_FOUND,
    ],
    [
      'admin naming an unknown helper',
      (): UserRow | null => admin,
      '?helper_id=6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
      404,
      ErrorCode.NOT_FOUND,
    ],
  ] as const)('refuses the %s', async (_role, user, query, status, code) => {
    const res = await get(user(), `/api/v1/payments/ledger${query.replace('HELPER', helper.id)}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    if (status === 403) expect(res.json().detail).toBe(ledgerErrors.helperRequired);
    if (status === 404) expect(res.json().detail).toBe(ledgerErrors.notFound);
  });

  it('lets an admin read a helper’s ledger, and gives another helper only their own', async () => {
    const asAdmin = LedgerSchema.parse((await get(admin, `/api/v1/payments/ledger?helper_id=${helper.id}`)).json());
    expect(asAdmin.total).toBe(6);
    const own = LedgerSchema.parse(
      (await get(otherHelper, `/api/v1/payments/ledger?helper_id=${otherHelper.id}`)).json(),
    );
    expect(own.items.map((item) => item.amount_cents)).toEqual([9000]);
    expect(own.balances).toEqual([{ currency: 'eur', pending_cents: 0, available_cents: 8100, paid_out_cents: 0 }]);
  });
});

describe('GET /bookings/{id}/receipt.pdf', () => {
  const url = () => `/api/v1/bookings/${partlyRefunded.booking.id}/receipt.pdf`;

  it('gives the seeker a French receipt without the commission', async () => {
    const res = await get(seeker, url());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="recu-appui-2025-03-10-${partlyRefunded.booking.id.slice(0, 8)}.pdf"; ` +
        `filename*=UTF-8''re%C3%A7u-appui-2025-03-10-${partlyRefunded.booking.id.slice(0, 8)}.pdf`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pieces = pdfTextPieces(res.rawPayload);
    expect(pieces).toContain(receiptPdf.title);
    expect(pieces).toContain(receiptPdf.demoMode);
    expect(piecesAfter(pieces, receiptPdf.session, 1)).toEqual(['Écoute et soutien']);
    // 13:00 UTC in March is 14:00 in Paris; paid 09:00 UTC = 10:00 Paris.
    expect(piecesAfter(pieces, receiptPdf.sessionAt, 1)).toEqual(['mardi 11 mars 2025 à 14:00 (heure de Paris)']);
    expect(piecesAfter(pieces, receiptPdf.paidAt, 1)).toEqual(['lundi 10 mars 2025 à 10:00 (heure de Paris)']);
    expect(piecesAfter(pieces, receiptPdf.helper, 1)).toEqual(['Claire Dubois']);
    expect(piecesAfter(pieces, receiptPdf.seeker, 1)).toEqual(['Paul Martin']);
    expect(piecesAfter(pieces, receiptPdf.amount, 1)).toEqual(['50,00 €']);
    expect(piecesAfter(pieces, receiptPdf.refund, 1)).toEqual(['19,95 €']);
    expect(piecesAfter(pieces, receiptPdf.reference, 1)).toEqual([partlyRefunded.payment.paymentIntentId]);
    expect(pieces).not.toContain(receiptPdf.commission);
    expect(pieces).not.toContain(receiptPdf.net);
  });

  it.each([
    ['helper', () => helper],
    ['admin', () => admin],
  ])('shows the %s the commission kept and the net', async (_role, user) => {
    const res = await get(user(), url());
    expect(res.statusCode).toBe(200);
    const pieces = pdfTextPieces(res.rawPayload);
    expect(piecesAfter(pieces, receiptPdf.commission, 1)).toEqual(['3,01 €']);
    expect(piecesAfter(pieces, receiptPdf.net, 1)).toEqual(['27,04 €']);
  });

  it.each([
    ['visitor', (): UserRow | null => null, 401, ErrorCode.NOT_AUTHENTICATED],
    ['stranger', (): UserRow | null => stranger, 404, ErrorCode.BOOKING_NOT_FOUND],
    ['other helper', (): UserRow | null => otherHelper, 404, ErrorCode.BOOKING_NOT_FOUND],
  ] as const)('refuses the %s', async (_role, user, status, code) => {
    const res = await get(user(), url());
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    if (status === 404) expect(res.json().detail).toBe(bookingMessages.notFound);
  });

  it('answers 404 for a booking without a confirmed payment, and for an unknown booking', async () => {
    const unpaid = await get(seeker, `/api/v1/bookings/${unpaidBooking.id}/receipt.pdf`);
    expect(unpaid.statusCode).toBe(404);
    expect(unpaid.json()).toEqual({ code: ErrorCode.RECEIPT_NOT_FOUND, detail: ledgerErrors.receiptNotFound });
    const unknown = await get(seeker, '/api/v1/bookings/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f/receipt.pdf');
    expect(unknown.json().code).toBe(ErrorCode.BOOKING_NOT_FOUND);
  });

  it('says when a refund is owed but not made yet, and shows the seeker’s full price otherwise', async () => {
    const ledger = LedgerSchema.parse((await get(helper, '/api/v1/payments/ledger')).json());
    const owed = ledger.items.find((item) => item.status === 'refund_pending');
    const paid = ledger.items.find((item) => item.payment_id === febPaid.id);
    const owedPieces = pdfTextPieces(
      (await get(seeker, `/api/v1/bookings/${owed?.booking_id}/receipt.pdf`)).rawPayload,
    );
    expect(piecesAfter(owedPieces, receiptPdf.refund, 1)).toEqual([receiptPdf.refundPending]);
    const paidPieces = pdfTextPieces(
      (await get(seeker, `/api/v1/bookings/${paid?.booking_id}/receipt.pdf`)).rawPayload,
    );
    expect(piecesAfter(paidPieces, receiptPdf.amount, 1)).toEqual(['45,05 €']);
    expect(piecesAfter(paidPieces, receiptPdf.refund, 1)).toEqual([receiptPdf.noRefund]);
  });
});

describe('GET /payments/statements/{year}.pdf', () => {
  it('gives the helper each Paris month’s gross, commission, refunds and net, and the totals', async () => {
    const res = await get(helper, '/api/v1/payments/statements/2025.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="releve-annuel-appui-2025.pdf"; filename*=UTF-8\'\'relev%C3%A9-annuel-appui-2025.pdf',
    );
    const pieces = pdfTextPieces(res.rawPayload);
    expect(pieces).toContain(statementPdf.title(2025));
    expect(piecesAfter(pieces, statementPdf.helper, 1)).toEqual(['Claire Dubois']);
    const eur = pieces.slice(pieces.indexOf(statementPdf.currency('eur')));
    // Paid 31 January 23:30 UTC: February in Paris.
    expect(piecesAfter(eur, 'Janvier', 4)).toEqual(['0,00 €', '0,00 €', '0,00 €', '0,00 €']);
    expect(piecesAfter(eur, 'Février', 4)).toEqual(['45,05 €', '4,51 €', '0,00 €', '40,54 €']);
    expect(piecesAfter(eur, 'Mars', 4)).toEqual(['100,00 €', '3,01 €', '69,95 €', '27,04 €']);
    expect(piecesAfter(eur, 'Avril', 4)).toEqual(['50,00 €', '5,00 €', '0,00 €', '45,00 €']);
    expect(piecesAfter(eur, statementPdf.total, 4)).toEqual(['195,05 €', '12,52 €', '69,95 €', '112,58 €']);
    const usd = pieces.slice(pieces.indexOf(statementPdf.currency('usd')));
    expect(piecesAfter(usd, 'Juin', 4)).toEqual(['20,00 $US', '2,00 $US', '0,00 $US', '18,00 $US']);
    expect(piecesAfter(usd, statementPdf.total, 4)).toEqual(['20,00 $US', '2,00 $US', '0,00 $US', '18,00 $US']);
    // Another helper's 90 € never shows.
    expect(pieces.join(' ')).not.toContain('90,00');
  });

  it('says so when the year has no payment', async () => {
    const pieces = pdfTextPieces((await get(helper, '/api/v1/payments/statements/2020.pdf')).rawPayload);
    expect(pieces).toContain(statementPdf.empty);
    expect(piecesAfter(pieces, statementPdf.total, 4)).toEqual(['0,00 €', '0,00 €', '0,00 €', '0,00 €']);
  });

  it('lets an admin download a helper’s statement', async () => {
    const res = await get(admin, `/api/v1/payments/statements/2025.pdf?helper_id=${helper.id}`);
    expect(res.statusCode).toBe(200);
    expect(piecesAfter(pdfTextPieces(res.rawPayload), statementPdf.helper, 1)).toEqual(['Claire Dubois']);
  });

  it.each([
    ['visitor', (): UserRow | null => null, '2025.pdf', 401, ErrorCode.NOT_AUTHENTICATED],
    ['seeker', (): UserRow | null => seeker, '2025.pdf', 403, ErrorCode.HELPER_ROLE_REQUIRED],
    [
      'other helper naming the helper',
      (): UserRow | null => otherHelper,
      '2025.pdf?helper_id=HELPER',
      404,
      ErrorCode.NOT_FOUND,
    ],
    [
      'helper asking for a year out of range',
      (): UserRow | null => helper,
      '1999.pdf',
      422,
      ErrorCode.VALIDATION_FAILED,
    ],
  ] as const)('refuses the %s', async (_role, user, path, status, code) => {
    const res = await get(user(), `/api/v1/payments/statements/${path.replace('HELPER', helper.id)}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
  });
});

describe('rate limit of the PDF documents', () => {
  it('gives each account one hourly budget across receipts and statements', async () => {
    const reader = await createHelper(t.app.ctx.db);
    const statement = () => t.injectAs(reader, { method: 'GET', url: '/api/v1/payments/statements/2025.pdf' });
    for (let i = 0; i < MONEY_DOCUMENTS_RATE_LIMIT_PER_HOUR; i++) expect((await statement()).statusCode).toBe(200);
    const refused = await t.injectAs(reader, {
      method: 'GET',
      url: `/api/v1/bookings/${partlyRefunded.booking.id}/receipt.pdf`,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(ErrorCode.RATE_LIMITED);
  });
});
