import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { LocalProvider, type WebhookDelivery } from './local-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { StripeProvider, type StripeClientOptions } from './stripe-provider.ts';

export type ProviderDependencies = {
  db: Database;
  /** The webhook handler, for the simulator's events (they never travel over the network). */
  deliver: WebhookDelivery;
  /** Runs a delivery after the current request (tracked, so closing the app waits for it). */
  deliverLater: (task: () => Promise<void>) => void;
  /** Tests only: where the SDK connects (the local stand-in, tests/stripe-stand-in.ts); Stripe otherwise. */
  stripeClient?: StripeClientOptions;
};

/**
 * The provider of this run (DESIGN.md section 11): Stripe when STRIPE_SECRET_KEY is set, the built-in
 * simulator otherwise. Nothing above `PaymentProvider` knows which one it talks to.
 */
export function createPaymentProvider(config: AppConfig, deps: ProviderDependencies): PaymentProvider {
  if (config.stripe) {
    return new StripeProvider({ ...config.stripe, publicUrl: config.publicUrl }, deps.stripeClient);
  }
  return new LocalProvider({
    db: deps.db,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    deliver: deps.deliver,
    deliverLater: deps.deliverLater,
  });
}
