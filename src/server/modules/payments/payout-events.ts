import type Stripe from 'stripe';
import { CURRENCIES } from '#shared/constants.ts';
import type { AppContext } from '../../app-types.ts';
import type { Transaction } from '../../db/client.ts';
import type { PayoutStatus } from '../../db/schema/payments.ts';
import { helperOfAccount, upsertPayout } from './payout-records.repository.ts';

/** The payout events of connected accounts we record, and the state each one says the payout is in. */
export const PAYOUT_EVENT_STATUS: Record<string, PayoutStatus> = {
  'payout.created': 'pending',
  'payout.paid': 'paid',
  'payout.failed': 'failed',
  // The money of a canceled payout is back in the account, as with a failed one.
  'payout.canceled': 'failed',
};

/**
 * A connected account's payout (handleWebhook, inside the event's transaction, after its id was
 * recorded): `event.account` names the account, payout_accounts its helper. An account that is not
 * a helper's, or a currency we do not price in, is ignored (recorded as handled, nothing else).
 */
export async function onPayoutEvent(
  ctx: AppContext,
  tx: Transaction,
  event: Stripe.Event,
  payout: Stripe.Payout,
  now: Date,
): Promise<void> {
  const status = PAYOUT_EVENT_STATUS[event.type];
  const helperId = event.account ? await helperOfAccount(tx, event.account) : undefined;
  const currency = CURRENCIES.find((known) => known === payout.currency);
  if (!status || !helperId || !currency || !(payout.amount > 0)) {
    ctx.log.info({ eventId: event.id, type: event.type }, 'payout event without a known helper account ignored');
    return;
  }
  await upsertPayout(
    tx,
    {
      providerPayoutId: payout.id,
      helperId,
      amountCents: payout.amount,
      currency,
      status,
      arrivalAt: payout.arrival_date ? new Date(payout.arrival_date * 1000) : null,
    },
    now,
  );
}
