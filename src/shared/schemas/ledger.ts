import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';
import { BOOKING_STATUSES } from '../rules/booking-status.ts';
import { PaginationQuerySchema } from './common.ts';

/**
 * GET /payments/ledger: the financial dashboard's data (spec 2 section 2; issue 9 point 4), computed
 * from our own ledger (`payments`, `payment_refunds`) in both provider modes. Helpers read their own;
 * admins may name a helper.
 */
export const LedgerQuerySchema = PaginationQuerySchema.extend({
  helper_id: z.uuid().optional(),
});
export type LedgerQuery = z.infer<typeof LedgerQuerySchema>;

/**
 * Where a confirmed payment stands for the helper: `paid`, `refund_pending` (the cancellation policy
 * owes a refund the provider has not confirmed yet), `partially_refunded`, `refunded`.
 */
export const LEDGER_PAYMENT_STATUSES = ['paid', 'refund_pending', 'partially_refunded', 'refunded'] as const;
export type LedgerPaymentStatus = (typeof LEDGER_PAYMENT_STATUSES)[number];

export const LedgerPaymentSchema = z.object({
  payment_id: z.uuid(),
  booking_id: z.uuid(),
  /** When the provider confirmed the payment (ISO-8601 UTC). */
  paid_at: z.string(),
  session_start_at: z.string(),
  seeker_display_name: z.string().nullable(),
  offer_title: z.string(),
  currency: z.enum(CURRENCIES),
  amount_cents: z.number().int(),
  /** What the platform keeps after refunds (rules/ledger.ts). */
  commission_cents: z.number().int(),
  refunded_cents: z.number().int(),
  /** What the helper keeps: amount - commission - refunded. */
  net_cents: z.number().int(),
  status: z.enum(LEDGER_PAYMENT_STATUSES),
  booking_status: z.enum(BOOKING_STATUSES),
});
export type LedgerPayment = z.infer<typeof LedgerPaymentSchema>;

/** One balance per currency the helper was paid in (an offer is priced in eur or usd). */
export const LedgerBalanceSchema = z.object({
  currency: z.enum(CURRENCIES),
  /** Net of paid sessions not completed yet. */
  pending_cents: z.number().int(),
  /** Net of completed sessions, and of cancelled ones the helper keeps, after refunds, less payouts paid or pending. */
  available_cents: z.number().int(),
  /** Payouts to the helper's bank that arrived (`payouts`, from the connected account's payout.* events). */
  paid_out_cents: z.number().int(),
});
export type LedgerBalance = z.infer<typeof LedgerBalanceSchema>;

export const LedgerSchema = z.object({
  helper_id: z.uuid(),
  items: z.array(LedgerPaymentSchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
  balances: z.array(LedgerBalanceSchema),
  /**
   * True since payouts are recorded (`payout.*` events of connected accounts, in both modes). Kept for
   * the web, which shows "—" for paid_out_cents when false.
   */
  paid_out_tracked: z.boolean(),
});
export type Ledger = z.infer<typeof LedgerSchema>;

/** GET /payments/statements/{year}.pdf */
export const StatementParamsSchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
});
export const StatementQuerySchema = z.object({ helper_id: z.uuid().optional() });
