/**
 * The payout account's derived state (spec 2 section 4, "Payout account (derived)"), from the answer
 * of GET /payments/account-status. The overview's payout panel and payment-account card show one
 * label and one action per state; the financial dashboard appears only when `active`.
 *
 * | state      | condition                                      |
 * | loading    | the status is being fetched                    |
 * | none       | no account, or an error fetching the status    |
 * | incomplete | account exists, details_submitted false        |
 * | pending    | details submitted, charges not enabled         |
 * | active     | details submitted and charges enabled          |
 */
export const PAYOUT_STATES = ['loading', 'none', 'incomplete', 'pending', 'active'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** The fields of the account-status answer the derivation reads (AccountStatusSchema). */
export type PayoutAccountStatus = {
  account_id: string | null;
  details_submitted: boolean;
  charges_enabled: boolean;
};

/**
 * Whether an account can take payments: its details submitted and charges enabled (the `active`
 * row). The provider enables charges only after it checked the holder's identity, so the helper's
 * identity badge reads this too.
 */
export function isPayoutAccountActive(
  status: Pick<PayoutAccountStatus, 'details_submitted' | 'charges_enabled'>,
): boolean {
  return status.details_submitted && status.charges_enabled;
}

/**
 * `status` is the answer once it arrived (undefined while none has), `loading` whether a fetch runs,
 * `failed` whether the last fetch failed. A fetch in flight reads as loading even with an older
 * answer cached, so the card never shows a stale "Actif" as settled; an error reads as "none" (the
 * spec's row), which offers to create the account again.
 */
export function payoutState(input: {
  status?: PayoutAccountStatus | null;
  loading?: boolean;
  failed?: boolean;
}): PayoutState {
  if (input.failed) return 'none';
  if (input.loading) return 'loading';
  const status = input.status;
  if (!status || !status.account_id) return 'none';
  if (!status.details_submitted) return 'incomplete';
  return isPayoutAccountActive(status) ? 'active' : 'pending';
}
