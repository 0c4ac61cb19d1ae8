import type { AppContext } from '../../app-types.ts';
import { findPayoutAccount } from './payments.repository.ts';

/**
 * Payout readiness of a helper for the booking page. No account reads as "not enabled" (false/false),
 * which the page shows as "Paiement temporairement indisponible" for paid options.
 */
export async function helperPayoutStatus(
  ctx: AppContext,
  helperId: string,
): Promise<{ charges_enabled: boolean; details_submitted: boolean }> {
  const account = await findPayoutAccount(ctx.db, helperId);
  return { charges_enabled: account?.chargesEnabled ?? false, details_submitted: account?.detailsSubmitted ?? false };
}
