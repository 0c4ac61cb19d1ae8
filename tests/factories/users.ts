import { randomUUID } from 'node:crypto';
import { HELPER_CHARTER_VERSION, type Role } from '#shared/constants.ts';
import type { Executor } from '#server/db/client.ts';
import { helperCharterAcceptances, users, type UserRow } from '#server/db/schema/users.ts';
import { hashPassword } from '#server/lib/passwords.ts';

export const DEFAULT_TEST_PASSWORD = 'motdepasse-solide';

let cachedHash: Promise<string> | undefined;

/**
 * Inserts a user straight into the database; unique e-mail and username unless given. Its address is
 * confirmed unless `emailVerifiedAt: null` is given: most tests are about what a confirmed account does.
 */
export async function createUser(
  db: Executor,
  overrides: Partial<Omit<typeof users.$inferInsert, 'passwordHash'>> & { role?: Role; password?: string } = {},
): Promise<UserRow> {
  const suffix = randomUUID().slice(0, 8);
  const { password, ...fields } = overrides;
  cachedHash ??= hashPassword(DEFAULT_TEST_PASSWORD);
  const passwordHash = password ? await hashPassword(password) : await cachedHash;
  const [user] = await db
    .insert(users)
    .values({
      email: `user-${suffix}@exemple.fr`,
      username: `user_${suffix}`,
      displayName: `Utilisateur ${suffix}`,
      emailVerifiedAt: new Date(),
      ...fields,
      passwordHash,
    })
    .returning();
  if (!user) throw new Error('user not inserted');
  return user;
}

/** Records that `user` accepted `version` of the helper charter (the current one unless given). */
export async function acceptCharter(db: Executor, user: UserRow, version = HELPER_CHARTER_VERSION): Promise<void> {
  await db.insert(helperCharterAcceptances).values({ userId: user.id, version }).onConflictDoNothing();
}

/**
 * A helper who accepted the current charter, as becoming one through the product requires;
 * `charter: false` for one who has not (made a helper before the charter, or by hand).
 */
export async function createHelper(
  db: Executor,
  overrides: Parameters<typeof createUser>[1] & { charter?: boolean } = {},
): Promise<UserRow> {
  const { charter = true, ...fields } = overrides;
  const helper = await createUser(db, { role: 'helper', ...fields });
  if (charter) await acceptCharter(db, helper);
  return helper;
}
export const createSeeker = (db: Executor, overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(db, { role: 'helpee', ...overrides });
export const createAdmin = (db: Executor, overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(db, { role: 'admin', ...overrides });

/** The `verification` of an account nothing was checked about (GET /users/me, GET /users/{id}). */
export const NOTHING_CHECKED = {
  email_confirmed: false,
  identity_verified: false,
  charter_accepted: false,
  charter_version: null,
  charter_accepted_at: null,
} as const;
