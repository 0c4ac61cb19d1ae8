/**
 * What a payment provider's failure means to us, without HTTP or French: the adapter throws it, the
 * payments service decides the AppError (a refused card is the person's business, an outage is a 503,
 * a bad request is our bug). Kept apart from the Stripe SDK so the simulator can throw the same thing.
 */
export type PaymentProviderErrorKind =
  /** The card or the payment was refused (Stripe `card_error`). */
  | 'card_declined'
  /** Our request was wrong or names something the provider does not know (`invalid_request_error`). */
  | 'invalid_request'
  /** The same idempotency key was sent with other parameters (`idempotency_error`). */
  | 'idempotency_conflict'
  /** The secret key was refused, or lacks the right for this call. */
  | 'authentication'
  | 'rate_limited'
  /** The provider did not answer, or answered a server error: worth retrying later. */
  | 'unavailable'
  /** The provider answered something we cannot use (e.g. a checkout session without a URL). */
  | 'unexpected';

export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';

  constructor(
    readonly kind: PaymentProviderErrorKind,
    readonly details: {
      /** The provider's own code, e.g. `resource_missing`, `card_declined`, `amount_too_large`. */
      providerCode?: string | undefined;
      /** The parameter's name the provider complained about (its name only, never its value). */
      param?: string | undefined;
      statusCode?: number | undefined;
      /** The provider's request id, to find the call in its dashboard. */
      requestId?: string | undefined;
    } = {},
  ) {
    // The provider's own message is left out on purpose: it may quote what we sent (an e-mail
    // address, a name), and this error is logged.
    super(
      `payment provider: ${kind}` +
        (details.providerCode ? ` (${details.providerCode})` : '') +
        (details.param ? ` on ${details.param}` : ''),
    );
  }

  /** Whether the same call may succeed later without any change on our side. */
  get retryable(): boolean {
    return this.kind === 'unavailable' || this.kind === 'rate_limited';
  }
}
