import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CURRENCIES } from '#shared/constants.ts';
import { PAYMENT_REFUND_STATUSES, PAYMENT_STATUSES, REFUND_CAUSES } from '#shared/rules/payment-status.ts';
import { bookings } from './bookings.ts';
import { oneOf } from './checks.ts';
import { PAYOUT_PROVIDERS } from './payouts.ts';
import { users } from './users.ts';

/**
 * The ledger (DESIGN.md section 6): one row per checkout session of a booking. Amounts in cents; the
 * application fee is the commission (rules/commission.ts). Every figure of the financial dashboard
 * and the documents is computed from these rows and `payment_refunds`, in both provider modes.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    provider: text('provider', { enum: PAYOUT_PROVIDERS }).notNull(),
    checkoutSessionId: text('checkout_session_id').notNull().unique(),
    /** The provider's page for this session, answered again to the same seeker while the hold lasts. */
    checkoutUrl: text('checkout_url'),
    paymentIntentId: text('payment_intent_id').unique(),
    amountCents: integer('amount_cents').notNull(),
    applicationFeeCents: integer('application_fee_cents').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('open'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * What the receipt prints, as it stood when the payment succeeded: the offer can be renamed and a
     * person's name changed afterwards, the paid document must not move (the amount is the row's own).
     */
    receiptOfferTitle: text('receipt_offer_title'),
    receiptHelperName: text('receipt_helper_name'),
    receiptSeekerName: text('receipt_seeker_name'),
    receiptSessionStartAt: timestamp('receipt_session_start_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_booking_idx').on(t.bookingId),
    check('payments_provider_check', oneOf(t.provider, PAYOUT_PROVIDERS)),
    check('payments_currency_check', oneOf(t.currency, CURRENCIES)),
    check('payments_status_check', oneOf(t.status, PAYMENT_STATUSES)),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    check('payments_fee_check', sql`${t.applicationFeeCents} >= 0 AND ${t.applicationFeeCents} <= ${t.amountCents}`),
    check('payments_refunded_check', sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.amountCents}`),
    // A paid row always has its receipt: nothing prints from today's offer or names by accident.
    check(
      'payments_receipt_snapshot_check',
      sql`${t.paidAt} IS NULL OR (${t.receiptOfferTitle} IS NOT NULL AND ${t.receiptHelperName} IS NOT NULL AND ${t.receiptSeekerName} IS NOT NULL AND ${t.receiptSessionStartAt} IS NOT NULL)`,
    ),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;

/** Each refund of a payment; the provider's refund id makes a replayed `charge.refunded` a no-op. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    providerRefundId: text('provider_refund_id').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: PAYMENT_REFUND_STATUSES }).notNull(),
    cause: text('cause', { enum: REFUND_CAUSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    check('payment_refunds_status_check', oneOf(t.status, PAYMENT_REFUND_STATUSES)),
    check('payment_refunds_cause_check', oneOf(t.cause, REFUND_CAUSES)),
    check('payment_refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
);
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

/** A payout's states in our ledger: Stripe's `pending`/`in_transit` are `pending`, `canceled` is `failed`. */
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * Payouts of a helper's connected account to their bank (`payout.*` events of connected accounts,
 * from Stripe or the simulator): the "paid out" balance of the financial dashboard. One row per
 * provider payout id, so a replayed or late event updates it instead of adding money; a failed
 * payout's money is back in the account, so it counts nowhere.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerPayoutId: text('provider_payout_id').notNull().unique(),
    helperId: uuid('helper_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    /** The bank's expected (pending) or actual (paid) arrival date, as the provider gives it. */
    arrivalAt: timestamp('arrival_at', { withTimezone: true }),
    /**
     * A payout the app itself asked for (the simulator's "Déclencher un versement"): one more than the
     * helper's highest number in that currency when the balance was read. Null for the payouts the
     * provider makes on its own schedule (Stripe's), which its own balance already bounds.
     */
    requestNumber: integer('request_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payouts_helper_idx').on(t.helperId),
    // Two payouts computed from the same view of a helper's payouts would both take the same balance:
    // they carry the same number, and this index refuses the second, whichever process or lock (or
    // none) they went through. A lock alone makes the second press wait; this makes paying twice
    // impossible. (A CHECK cannot see other rows, and a unique "one pending payout" would refuse
    // Stripe's own payouts, several of which can be in transit at once.)
    uniqueIndex('payouts_request_number_unique')
      .on(t.helperId, t.currency, t.requestNumber)
      .where(sql`${t.requestNumber} IS NOT NULL`),
    check('payouts_status_check', oneOf(t.status, PAYOUT_STATUSES)),
    check('payouts_currency_check', oneOf(t.currency, CURRENCIES)),
    check('payouts_amount_check', sql`${t.amountCents} > 0`),
    check('payouts_request_number_check', sql`${t.requestNumber} IS NULL OR ${t.requestNumber} > 0`),
  ],
);
export type PayoutRow = typeof payouts.$inferSelect;

/**
 * Provider events already handled (DESIGN.md section 11): the id is inserted in the same transaction
 * as the event's effects, before them, so a replay — or the same event delivered to two processes at
 * once — changes nothing the second time.
 */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The local simulator's own state (LocalProvider, no STRIPE_SECRET_KEY): what Stripe would keep on its
 * side. Only adapters/payments/local*.ts reads or writes these tables.
 */
export const localAccounts = pgTable('local_accounts', {
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  /** When the details were submitted: the simulated verification ends a short delay later. */
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const LOCAL_CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const;

export const localCheckoutSessions = pgTable(
  'local_checkout_sessions',
  {
    id: text('id').primaryKey(),
    bookingId: uuid('booking_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    applicationFeeCents: integer('application_fee_cents').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    destinationAccountId: text('destination_account_id').notNull(),
    productName: text('product_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: LOCAL_CHECKOUT_STATUSES }).notNull().default('open'),
    paymentIntentId: text('payment_intent_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('local_checkout_sessions_status_check', oneOf(t.status, LOCAL_CHECKOUT_STATUSES))],
);

export const localRefunds = pgTable('local_refunds', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
