import { describe, expect, it } from 'vitest';
import { HELPER_CHARTER_VERSION } from '../constants.ts';
import { isPayoutAccountActive } from './payout-state.ts';
import { isCurrentCharter, isVerifiedProfile } from './verification.ts';

describe('isVerifiedProfile', () => {
  const all = { email_confirmed: true, identity_verified: true, charter_accepted: true };

  it('is true when the three checks passed', () => {
    expect(isVerifiedProfile(all)).toBe(true);
  });

  it('is false as soon as one check is missing', () => {
    expect(isVerifiedProfile({ ...all, email_confirmed: false })).toBe(false);
    expect(isVerifiedProfile({ ...all, identity_verified: false })).toBe(false);
    expect(isVerifiedProfile({ ...all, charter_accepted: false })).toBe(false);
    expect(isVerifiedProfile({ email_confirmed: false, identity_verified: false, charter_accepted: false })).toBe(
      false,
    );
  });
});

describe('isCurrentCharter', () => {
  it('accepts the current version only', () => {
    expect(isCurrentCharter(HELPER_CHARTER_VERSION)).toBe(true);
    expect(isCurrentCharter(`${HELPER_CHARTER_VERSION}-ancienne`)).toBe(false);
    expect(isCurrentCharter(null)).toBe(false);
    expect(isCurrentCharter(undefined)).toBe(false);
  });
});

describe('isPayoutAccountActive', () => {
  it('needs the details submitted and the charges enabled', () => {
    expect(isPayoutAccountActive({ details_submitted: true, charges_enabled: true })).toBe(true);
    expect(isPayoutAccountActive({ details_submitted: true, charges_enabled: false })).toBe(false);
    expect(isPayoutAccountActive({ details_submitted: false, charges_enabled: true })).toBe(false);
    expect(isPayoutAccountActive({ details_submitted: false, charges_enabled: false })).toBe(false);
  });
});
