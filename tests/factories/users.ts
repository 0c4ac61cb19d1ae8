import { randomUUID } from 'node:crypto';
import type { Role } from '#shared/constants.ts';
import type { Executor } from '#server/db/client.ts';
import { users, type UserRow } from '#server/db/schema/users.ts';
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

export const createHelper = (db: Executor, overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(db, { role: 'helper', ...overrides });
export const createSeeker = (db: Executor, overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(db, { role: 'helpee', ...overrides });
export const createAdmin = (db: Executor, overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(db, { role: 'admin', ...overrides });
