import type { CurrentUser, UserVerification } from '#shared/schemas/users.ts';

/** The checks of a person nothing was checked about: no confirmed address, payout account or charter. */
export function verificationFixture(overrides: Partial<UserVerification> = {}): UserVerification {
  return {
    email_confirmed: false,
    identity_verified: false,
    charter_accepted: false,
    charter_version: null,
    charter_accepted_at: null,
    ...overrides,
  };
}

/** The logged-in user as GET /users/me answers it, for component tests. */
export function currentUserFixture(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890',
    display_name: 'Camille',
    username: 'camille',
    avatar_url: null,
    email: 'camille@exemple.fr',
    first_name: null,
    last_name: null,
    bio: null,
    profile_image_url: null,
    tags: [],
    is_verified: false,
    verification: verificationFixture(),
    email_verified: true,
    pending_email: null,
    role: 'helper',
    created_at: '2030-01-01T10:00:00.000Z',
    ...overrides,
  };
}
