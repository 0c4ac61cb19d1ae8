import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptPdf } from '#shared/messages/ledger.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { openCheckout } from '#tests/checkout.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { createOffer, givePayoutAccount } from '#tests/factories/offers.ts';
import { createPayment } from '#tests/factories/payments.ts';
import { createSlot } from '#tests/factories/slots.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';
import { pdfTextPieces, piecesAfter } from '#tests/pdf-text.ts';
import { offers, pricingOptions } from '../../db/schema/offers.ts';
import { users, type UserRow } from '../../db/schema/users.ts';

/**
 * The receipt prints the booking as it was paid (offer title, price, both names, session time), and
 * prints every name: Latin, Cyrillic and Arabic letters extract back as written; an emoji the font
 * lacks is left out, never drawn as "Ø=Þ".
 */

const HOUR = 3_600_000;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function receiptPieces(user: UserRow, bookingId: string): Promise<string[]> {
  const response = await t.injectAs(user, { method: 'GET', url: `/api/v1/bookings/${bookingId}/receipt.pdf` });
  expect(response.statusCode).toBe(200);
  return pdfTextPieces(response.rawPayload);
}

describe('the receipt of a paid booking', () => {
  it('keeps the title, price, names and time it was paid with after the offer and names change', async () => {
    const db = t.app.ctx.db;
    const helper = await createHelper(db, { displayName: 'Claire Dubois' });
    const seeker = await createSeeker(db, { displayName: 'Paul Martin' });
    await givePayoutAccount(db, helper, true);
    const offer = await createOffer(db, helper, {
      title: 'Préparer un entretien',
      options: [{ durationMinutes: 60, priceCents: 4500 }],
    });
    const start = new Date(Date.now() + 3 * 24 * HOUR);
    start.setUTCHours(9, 0, 0, 0);
    await createSlot(db, helper, { startAt: start, endAt: new Date(start.getTime() + 4 * HOUR), offerId: offer.id });
    // Paid through the simulator's page, so the webhook handler records the payment as in production.
    const checkout = await openCheckout(t, seeker, offer.id, start);
    expect(checkout.statusCode).toBe(200);
    const { checkout_url: checkoutUrl, booking_id: bookingId } = checkout.json<{
      checkout_url: string;
      booking_id: string;
    }>();
    const paid = await t.app.inject({ method: 'POST', url: `${new URL(checkoutUrl).pathname}/payer`, headers: form });
    expect(paid.statusCode).toBe(303);
    const before = await receiptPieces(seeker, bookingId);

    await db.update(offers).set({ title: 'Un tout autre titre' }).where(eq(offers.id, offer.id));
    await db.update(pricingOptions).set({ priceCents: 9900 }).where(eq(pricingOptions.offerId, offer.id));
    await db.update(users).set({ displayName: 'Claire Autrement' }).where(eq(users.id, helper.id));
    await db.update(users).set({ displayName: 'Paul Autrement' }).where(eq(users.id, seeker.id));

    const after = await receiptPieces(seeker, bookingId);
    expect(after).toEqual(before);
    expect(piecesAfter(after, receiptPdf.session, 1)).toEqual(['Préparer un entretien']);
    expect(piecesAfter(after, receiptPdf.amount, 1)).toEqual(['45,00 €']);
    expect(piecesAfter(after, receiptPdf.helper, 1)).toEqual(['Claire Dubois']);
    expect(piecesAfter(after, receiptPdf.seeker, 1)).toEqual(['Paul Martin']);
  });

  it('prints Cyrillic and Arabic names as written, and leaves out an emoji the font cannot draw', async () => {
    const db = t.app.ctx.db;
    const helper = await createHelper(db, { displayName: 'Ольга Иванова' });
    const seeker = await createSeeker(db, { displayName: 'Zoé 🌿' });
    const offer = await createOffer(db, helper, {
      title: 'ليلى أحمد',
      options: [{ durationMinutes: 60, priceCents: 3000 }],
    });
    const booking = await createBooking(db, {
      offer,
      seeker,
      startAt: new Date('2025-03-11T13:00:00Z'),
      status: 'completed',
      priceCents: 3000,
    });
    await createPayment(db, booking);

    const pieces = await receiptPieces(helper, booking.id);
    expect(piecesAfter(pieces, receiptPdf.helper, 1)).toEqual(['Ольга Иванова']);
    expect(piecesAfter(pieces, receiptPdf.seeker, 1)).toEqual(['Zoé']);
    expect(piecesAfter(pieces, receiptPdf.session, 1)).toEqual(['ليلى أحمد']);
    // Nothing of WinAnsi's garbage for letters it lacks, and no empty glyph (code 0).
    const text = pieces.join('');
    expect(text).not.toContain('\u0000');
    expect(text).not.toContain('\ufffd');
    expect(text).not.toContain('Ø=Þ');
  });
});
