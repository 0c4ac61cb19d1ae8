import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Role } from '#shared/constants.ts';
import type { Executor } from '../../db/client.ts';
import {
  emailVerifications,
  helperCharterAcceptances,
  passwordResets,
  users,
  type HelperCharterAcceptanceRow,
  type UserRow,
} from '../../db/schema/users.ts';

export type NewUserRow = typeof users.$inferInsert;
export type UserPatch = Partial<
  Pick<NewUserRow, 'displayName' | 'username' | 'bio' | 'email' | 'avatarUrl' | 'role' | 'passwordHash'>
>;

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Case-insensitive, served by the unique index on lower(email). The address is lowercased here, in
 * JavaScript, like the per-account counters (rate-limit-store.ts): SQL's lower() also folds 'İ' into 'i',
 * so each such spelling of one address would find the account under a counter of its own.
 */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function usernameExists(db: Executor, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row !== undefined;
}

export async function insertUser(db: Executor, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** `revokeTokens` also bumps token_version in the same statement: every older token stops at once. */
export async function updateUser(
  db: Executor,
  id: string,
  patch: UserPatch,
  options: { revokeTokens?: boolean } = {},
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      ...patch,
      ...(options.revokeTokens ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** The erasure's update of the row (see eraseAccountFields in the service): one statement, tokens revoked. */
export async function eraseUser(
  db: Executor,
  id: string,
  replacement: { email: string; label: string; passwordHash: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      email: replacement.email,
      passwordHash: replacement.passwordHash,
      displayName: replacement.label,
      username: null,
      firstName: null,
      lastName: null,
      bio: null,
      avatarUrl: null,
      tags: [],
      tokenVersion: sql`${users.tokenVersion} + 1`,
      erasedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, id), isNull(users.erasedAt)))
    .returning();
  return row;
}

/** Marks every pending reset link of the user as used. */
export async function retirePasswordResets(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function setUserRole(db: Executor, id: string, role: Role): Promise<UserRow | undefined> {
  return updateUser(db, id, { role });
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}

/**
 * Suspends an account (issue 13 section 1): suspended_at set once, every token revoked
 * (token_version + 1). Answers the row, or undefined when the account is already suspended or erased.
 */
export async function suspendUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ suspendedAt: sql`now()`, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.suspendedAt), isNull(users.erasedAt)))
    .returning();
  return row;
}

/** Records the acceptance of `version`; accepting it again keeps the first date. */
export async function insertCharterAcceptance(db: Executor, userId: string, version: string): Promise<void> {
  await db.insert(helperCharterAcceptances).values({ userId, version }).onConflictDoNothing();
}

/** The last charter version the user accepted, if any. */
export async function findLastCharterAcceptance(
  db: Executor,
  userId: string,
): Promise<HelperCharterAcceptanceRow | undefined> {
  const [row] = await db
    .select()
    .from(helperCharterAcceptances)
    .where(eq(helperCharterAcceptances.userId, userId))
    .orderBy(desc(helperCharterAcceptances.acceptedAt))
    .limit(1);
  return row;
}

/** Every acceptance of the user, oldest first (the data export's consents). */
export async function listCharterAcceptances(db: Executor, userId: string): Promise<HelperCharterAcceptanceRow[]> {
  return db
    .select()
    .from(helperCharterAcceptances)
    .where(eq(helperCharterAcceptances.userId, userId))
    .orderBy(helperCharterAcceptances.acceptedAt);
}

// ---------------------------------------------------------------------------------------------
// Links that prove an address (email_verifications).

export async function insertEmailVerification(
  db: Executor,
  values: { userId: string; email: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailVerifications).values(values);
}

/** Spends the account's pending links (only those proving `email`, when given). */
export async function retireEmailVerifications(db: Executor, userId: string, email?: string): Promise<void> {
  await db
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailVerifications.userId, userId),
        isNull(emailVerifications.usedAt),
        email === undefined ? undefined : eq(emailVerifications.email, email),
      ),
    );
}

/** Locks the account's row until the transaction ends: its writes of links queue one after another. */
export async function lockUserRow(db: Executor, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Spends a link if it is still valid, in one statement: two opens of one link cannot both count.
 * Answers its account and address, or undefined for an unknown, spent or expired token.
 */
export async function consumeEmailVerification(
  db: Executor,
  tokenHash: string,
): Promise<{ userId: string; email: string } | undefined> {
  const [row] = await db
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailVerifications.tokenHash, tokenHash),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
  return row;
}

/** The address the account asked to move to, while its link is still valid; undefined otherwise. */
export async function findPendingEmail(db: Executor, user: Pick<UserRow, 'id' | 'email'>): Promise<string | undefined> {
  const [row] = await db
    .select({ email: emailVerifications.email })
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.userId, user.id),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, sql`now()`),
        sql`${emailVerifications.email} <> ${user.email.toLowerCase()}`,
      ),
    )
    .orderBy(desc(emailVerifications.createdAt))
    .limit(1);
  return row?.email;
}

/** The account's own address is proven (kept if it already was). Undefined for a suspended or erased account. */
export async function markEmailVerified(db: Executor, userId: string, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(
      and(
        eq(users.id, userId),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        isNull(users.suspendedAt),
        isNull(users.erasedAt),
      ),
    )
    .returning();
  return row;
}

/**
 * The account moves to `email`, proven by its link: one statement, every older token revoked
 * (token_version + 1), as after any change of credentials. Undefined for a suspended or erased account.
 */
export async function moveToEmail(db: Executor, userId: string, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      email: email.toLowerCase(),
      emailVerifiedAt: sql`now()`,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), isNull(users.suspendedAt), isNull(users.erasedAt)))
    .returning();
  return row;
}
