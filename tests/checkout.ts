import type { UserRow } from '#server/db/schema/users.ts';
import { LocalProvider } from '#server/adapters/payments/local-provider.ts';
import type { TestApp } from './build-test-app.ts';

const HOUR = 3_600_000;

/** The test app's payment simulator (API tests run without Stripe keys). */
export function simulatorOf(t: TestApp): LocalProvider {
  if (!(t.app.ctx.payments instanceof LocalProvider)) throw new Error('tests run with the simulator');
  return t.app.ctx.payments;
}

/** POST /payments/checkout-session as `seeker` for the hour from `start`, returning to the test app's pages. */
export function openCheckout(t: TestApp, seeker: UserRow, offerId: string, start: Date) {
  return t.injectAs(seeker, {
    method: 'POST',
    url: '/api/v1/payments/checkout-session',
    payload: {
      offer_id: offerId,
      start_at: start.toISOString(),
      end_at: new Date(start.getTime() + HOUR).toISOString(),
      success_url: 'http://appui.test/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://appui.test/payment/cancel',
    },
  });
}
