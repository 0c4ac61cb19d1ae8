import { describe, expect, it } from 'vitest';
import { payoutState, type PayoutAccountStatus } from './payout-state.ts';

const account = (fields: Partial<PayoutAccountStatus> = {}): PayoutAccountStatus => ({
  account_id: 'acct_1',
  details_submitted: false,
  charges_enabled: false,
  ...fields,
});

describe('payoutState (spec 2 section 4)', () => {
  it('is loading while the status is fetched', () => {
    expect(payoutState({ loading: true })).toBe('loading');
    // A refetch with an older answer cached is still loading, not the cached state.
    expect(payoutState({ loading: true, status: account({ details_submitted: true, charges_enabled: true }) })).toBe(
      'loading',
    );
  });

  it('is none without an account or when the fetch failed', () => {
    expect(payoutState({})).toBe('none');
    expect(payoutState({ status: null })).toBe('none');
    expect(payoutState({ status: account({ account_id: null }) })).toBe('none');
    expect(payoutState({ failed: true, status: account({ details_submitted: true, charges_enabled: true }) })).toBe(
      'none',
    );
    expect(payoutState({ failed: true, loading: true })).toBe('none');
  });

  it('is incomplete while the details are not submitted, whatever the charges flag says', () => {
    expect(payoutState({ status: account() })).toBe('incomplete');
    expect(payoutState({ status: account({ charges_enabled: true }) })).toBe('incomplete');
  });

  it('is pending once the details are submitted and charges are not enabled yet', () => {
    expect(payoutState({ status: account({ details_submitted: true }) })).toBe('pending');
  });

  it('is active when details are submitted and charges enabled', () => {
    expect(payoutState({ status: account({ details_submitted: true, charges_enabled: true }) })).toBe('active');
  });
});
