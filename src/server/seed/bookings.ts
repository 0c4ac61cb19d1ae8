import { asc, eq, inArray, isNull, and } from 'drizzle-orm';
import { commissionCents } from '#shared/rules/commission.ts';
import { addDaysToWallDate, parisToday, parisToUtc } from '#shared/rules/paris-time.ts';
import { bookings, reviews, type BookingRow } from '../db/schema/bookings.ts';
import { localCheckoutSessions, payments } from '../db/schema/payments.ts';
import { offers, pricingOptions, type OfferRow, type PricingOptionRow } from '../db/schema/offers.ts';
import { payoutAccounts } from '../db/schema/payouts.ts';
import { receiptSnapshotOf } from '../db/receipt-snapshot.ts';
import { slots } from '../db/schema/slots.ts';
import type { SeedContext } from './context.ts';
import type { DemoUsers } from './users.ts';

/** Paris wall-time ranges of the demo availability: mornings and evenings. */
const MORNING = ['09:00', '12:00'] as const;
const EVENING = ['18:00', '21:00'] as const;
const AVAILABILITY_DAYS = 28;

/** [rating, comment] of the demo reviews: mostly 4 and 5, French, as seekers write them. */
const DEMO_REVIEWS: readonly (readonly [number, string])[] = [
  [
    5,
    'Une écoute d’une grande douceur. Je suis repartie plus légère et avec deux ou trois idées concrètes pour la semaine.',
  ],
  [5, 'Merci pour votre patience et votre franchise. J’ai enfin osé parler de ce qui me pesait depuis des mois.'],
  [4, 'Séance utile et bienveillante. J’aurais aimé un peu plus de temps, je reprendrai une séance plus longue.'],
  [5, 'Exactement ce dont j’avais besoin : quelqu’un qui est passé par là et qui ne juge pas.'],
  [4, 'Des conseils pratiques et beaucoup d’humanité. Je recommande.'],
  [5, 'Je ne pensais pas qu’une heure pouvait autant m’aider. Merci infiniment.'],
  [3, 'Un bon échange, même si la connexion a coupé deux fois. Je retenterai.'],
  [5, 'Très à l’écoute, des mots justes. Je me sens moins seul face à tout ça.'],
];

type OfferWithOptions = OfferRow & { options: PricingOptionRow[] };

async function loadOffers(seed: SeedContext, helperIds: string[]): Promise<Map<string, OfferWithOptions[]>> {
  const byHelper = new Map<string, OfferWithOptions[]>();
  if (helperIds.length === 0) return byHelper;
  const rows = await seed.db
    .select()
    .from(offers)
    .where(and(inArray(offers.helperId, helperIds), isNull(offers.deletedAt)))
    .orderBy(asc(offers.createdAt), asc(offers.id));
  const options = rows.length
    ? await seed.db
        .select()
        .from(pricingOptions)
        .where(
          inArray(
            pricingOptions.offerId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(pricingOptions.position))
    : [];
  for (const row of rows) {
    const list = byHelper.get(row.helperId) ?? [];
    list.push({ ...row, options: options.filter((option) => option.offerId === row.id) });
    byHelper.set(row.helperId, list);
  }
  return byHelper;
}

/**
 * The confirmed payment of a past paid session, as the simulator's webhook would have left it (paid
 * ten minutes after the booking was made, nothing refunded), so ledgers, revenue and receipts of the
 * demo helpers show it. In simulator mode its checkout session too, so the simulator knows the payment.
 */
async function seedPastPayment(seed: SeedContext, booking: BookingRow, customerEmail: string): Promise<void> {
  const suffix = booking.id.replace(/-/g, '');
  const checkoutSessionId = `cs_demo_${suffix}`;
  const paymentIntentId = `pi_demo_${suffix}`;
  const paidAt = new Date(booking.createdAt.getTime() + 10 * 60_000);
  if (seed.ctx.payments.name === 'local') {
    const [account] = await seed.db
      .select({ accountId: payoutAccounts.accountId })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, booking.helperId));
    // Paid options exist only for helpers with a payout account (seedOffers).
    if (!account) throw new Error('demo paid session of a helper without payout account');
    await seed.db.insert(localCheckoutSessions).values({
      id: checkoutSessionId,
      bookingId: booking.id,
      amountCents: booking.priceCents,
      applicationFeeCents: booking.commissionCents,
      currency: booking.currency,
      destinationAccountId: account.accountId,
      productName: 'Séance de démonstration',
      customerEmail,
      successUrl: `${seed.ctx.config.publicUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${seed.ctx.config.publicUrl}/payment/cancel`,
      expiresAt: new Date(booking.createdAt.getTime() + 30 * 60_000),
      status: 'complete',
      paymentIntentId,
      idempotencyKey: booking.id,
      createdAt: booking.createdAt,
    });
  }
  await seed.db.insert(payments).values({
    bookingId: booking.id,
    provider: 'local',
    checkoutSessionId,
    paymentIntentId,
    amountCents: booking.priceCents,
    applicationFeeCents: booking.commissionCents,
    currency: booking.currency,
    status: 'succeeded',
    paidAt,
    ...(await receiptSnapshotOf(seed.db, booking.id)),
    createdAt: booking.createdAt,
    updatedAt: paidAt,
  });
}

const isWeekday = (date: string) => {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
};

/**
 * Step 3 of the demo data: four weeks of weekday availability (Paris mornings and evenings) for the
 * demo helpers, past completed sessions with French reviews, and one upcoming free session for the
 * first demo seeker so the dashboard and contact information have something to show.
 */
export async function seedAvailabilityAndBookings(
  seed: SeedContext,
  users: DemoUsers,
  now: Date = new Date(),
): Promise<void> {
  const helpers = users.helpers;
  const offersByHelper = await loadOffers(
    seed,
    helpers.map((helper) => helper.id),
  );
  const today = parisToday(now);

  const slotRows: (typeof slots.$inferInsert)[] = [];
  for (const [index, helper] of helpers.entries()) {
    const firstOffer = offersByHelper.get(helper.id)?.[0];
    for (let day = 1; day <= AVAILABILITY_DAYS; day++) {
      const date = addDaysToWallDate(today, day);
      if (!isWeekday(date)) continue;
      // Each helper has a rhythm: some mornings, some evenings, some both.
      const ranges = (day + index) % 3 === 0 ? [MORNING, EVENING] : (day + index) % 3 === 1 ? [MORNING] : [EVENING];
      for (const [start, end] of ranges) {
        slotRows.push({
          helperId: helper.id,
          // Mostly helper-wide slots; the evenings of every other helper belong to their first offer.
          offerId: start === EVENING[0] && index % 2 === 1 && firstOffer ? firstOffer.id : null,
          startAt: parisToUtc(date, start),
          endAt: parisToUtc(date, end),
        });
      }
    }
  }
  if (slotRows.length) await seed.db.insert(slots).values(slotRows);

  const seekers = users.seekers;
  if (seekers.length === 0) return;
  let reviewIndex = 0;
  for (const [index, helper] of helpers.entries()) {
    const offer = offersByHelper.get(helper.id)?.[0];
    const option = offer?.options[0];
    if (!offer || !option) continue;
    for (let k = 0; k < 3; k++) {
      const seeker = seekers[(index + k) % seekers.length]!;
      const date = addDaysToWallDate(today, -(3 + index + k * 6));
      const startAt = parisToUtc(date, k % 2 ? '18:30' : '10:00');
      const [booking] = await seed.db
        .insert(bookings)
        .values({
          offerId: offer.id,
          pricingOptionId: option.id,
          helperId: helper.id,
          userId: seeker.id,
          status: 'completed',
          startAt,
          endAt: new Date(startAt.getTime() + option.durationMinutes * 60_000),
          priceCents: option.priceCents,
          currency: offer.currency,
          commissionCents: commissionCents(option.priceCents),
          createdAt: new Date(startAt.getTime() - 3 * 86_400_000),
          updatedAt: new Date(startAt.getTime() + option.durationMinutes * 60_000),
        })
        .returning();
      if (booking && booking.priceCents > 0) await seedPastPayment(seed, booking, seeker.email);
      // Two sessions in three get a review: not everyone writes one.
      if (!booking || k === 2) continue;
      const [rating, comment] = DEMO_REVIEWS[reviewIndex++ % DEMO_REVIEWS.length]!;
      await seed.db.insert(reviews).values({
        bookingId: booking.id,
        helperId: helper.id,
        authorId: seeker.id,
        rating,
        comment,
        createdAt: new Date(booking.endAt.getTime() + 2 * 3_600_000),
      });
    }
  }

  // The first demo seeker's next session: a free option inside one of the helper's slots.
  const freeChoice = helpers
    .flatMap((helper) => (offersByHelper.get(helper.id) ?? []).map((offer) => ({ helper, offer })))
    .map(({ helper, offer }) => ({ helper, offer, option: offer.options.find((option) => option.priceCents === 0) }))
    .find((choice) => choice.option !== undefined);
  const seeker = seekers[0]!;
  if (freeChoice?.option) {
    const { helper, offer, option } = freeChoice;
    const slot = slotRows.find(
      (row) =>
        row.helperId === helper.id &&
        (row.offerId === null || row.offerId === offer.id) &&
        row.startAt.getTime() > now.getTime() + 2 * 86_400_000,
    );
    if (slot) {
      await seed.db.insert(bookings).values({
        offerId: offer.id,
        pricingOptionId: option.id,
        helperId: helper.id,
        userId: seeker.id,
        status: 'scheduled',
        startAt: slot.startAt,
        endAt: new Date(slot.startAt.getTime() + option.durationMinutes * 60_000),
        priceCents: 0,
        currency: offer.currency,
        commissionCents: 0,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
}
