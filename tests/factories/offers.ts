import { randomUUID } from 'node:crypto';
import type { Executor } from '#server/db/client.ts';
import { offers, pricingOptions, type OfferRow, type PricingOptionRow } from '#server/db/schema/offers.ts';
import { payoutAccounts, type PayoutAccountRow } from '#server/db/schema/payouts.ts';
import type { UserRow } from '#server/db/schema/users.ts';

/** An offer row with its pricing options in order (the first one is the headline price). */
export type TestOffer = OfferRow & { options: PricingOptionRow[] };

export type OfferFactoryOptions = Partial<Omit<typeof offers.$inferInsert, 'helperId'>> & {
  /** Pricing options in order. Default: one free 60-minute option. */
  options?: { durationMinutes: number; priceCents: number }[];
};

/** Inserts an offer of `helper` and its pricing options straight into the database. */
export async function createOffer(
  db: Executor,
  helper: Pick<UserRow, 'id'>,
  overrides: OfferFactoryOptions = {},
): Promise<TestOffer> {
  const { options = [{ durationMinutes: 60, priceCents: 0 }], ...fields } = overrides;
  const [offer] = await db
    .insert(offers)
    .values({
      helperId: helper.id,
      title: 'Écoute et soutien',
      description: 'Un temps d’écoute bienveillante pour faire le point.',
      category: 'sante-mentale',
      meetingContactInfo: 'https://meet.google.com/abc-defg-hij',
      ...fields,
    })
    .returning();
  if (!offer) throw new Error('offer not inserted');
  const rows =
    options.length === 0
      ? []
      : await db
          .insert(pricingOptions)
          .values(options.map((option, position) => ({ offerId: offer.id, position, ...option })))
          .returning();
  rows.sort((a, b) => a.position - b.position);
  return { ...offer, options: rows };
}

/** Gives `user` a payout account: `ready` means details submitted and charges enabled. */
export async function givePayoutAccount(
  db: Executor,
  user: Pick<UserRow, 'id'>,
  ready: boolean,
): Promise<PayoutAccountRow> {
  const values = { detailsSubmitted: ready, chargesEnabled: ready, payoutsEnabled: ready };
  const [row] = await db
    .insert(payoutAccounts)
    .values({ userId: user.id, provider: 'local', accountId: `acct_test_${randomUUID().slice(0, 12)}`, ...values })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: values })
    .returning();
  if (!row) throw new Error('payout account not inserted');
  return row;
}
