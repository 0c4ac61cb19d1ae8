import { HELPER_CHARTER_VERSION } from '../constants.ts';

/** The three checks a helper's profile shows (UserVerificationSchema). */
export type VerificationChecks = {
  email_confirmed: boolean;
  identity_verified: boolean;
  charter_accepted: boolean;
};

/** Whether the last version accepted is the current charter: an older one must be accepted again. */
export function isCurrentCharter(version: string | null | undefined): boolean {
  return version === HELPER_CHARTER_VERSION;
}

/**
 * The spec's `is_verified` (spec 1 section 3, "User"): true only when all three checks passed. Each
 * covers a different risk (an address nobody reads, a person nobody identified, a conduct nobody
 * committed to), so none stands for the others: a "verified" with one missing would claim a check
 * that was not made, which is what the old flag did.
 */
export function isVerifiedProfile(checks: VerificationChecks): boolean {
  return checks.email_confirmed && checks.identity_verified && checks.charter_accepted;
}
