import { ErrorCode } from '#shared/error-codes.ts';
import { profile } from '#shared/messages/profile.ts';
import { trust } from '#shared/messages/trust.ts';
import { isAdminRole } from '#shared/rules/roles.ts';
import type { BlockedUser } from '#shared/schemas/privacy.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { type AppError, badRequest, forbidden, notFound } from '../../errors.ts';
import { publishEvent } from '../../lib/realtime-bus.ts';
import * as repo from './blocks.repository.ts';

/*
 * Blocks (issue 13 section 2, DESIGN.md section 8). A block made by either person stops new
 * conversations, messages and bookings between the two, and hides each from the other's search and
 * profile views; existing bookings stay and can be cancelled. The other modules ask this one through
 * isBlockedBetween / blockedIdsOf / assertNotBlocked; this module imports no feature module, so any of
 * them may import it without a cycle.
 */

/** Whether `a` blocked `b` or `b` blocked `a`. */
export function isBlockedBetween(db: Executor, a: string, b: string): Promise<boolean> {
  if (a === b) return Promise.resolve(false);
  return repo.blockExistsBetween(db, a, b);
}

/** Everyone `userId` blocked or was blocked by: the people kept out of each other's views. */
export function blockedIdsOf(db: Executor, userId: string): Promise<string[]> {
  return repo.listBlockedIdsBothWays(db, userId);
}

/**
 * Whether a block keeps `viewer` from `userId`'s views (their profile, offers and free windows),
 * either way (issue 13 section 2). Admins are never kept out, nor is anyone from their own.
 */
export async function hiddenByBlock(db: Executor, viewer: UserRow | null, userId: string): Promise<boolean> {
  // Oneself without a query: the helper's own booking page polls its free windows.
  if (!viewer || isAdminRole(viewer.role) || viewer.id === userId.toLowerCase()) return false;
  return isBlockedBetween(db, viewer.id, userId);
}

/** The French 403 of an interaction between two people where one blocked the other. */
export function blockedInteraction(): AppError {
  return forbidden(ErrorCode.USER_BLOCKED, trust.blockedInteraction);
}

/** 403 USER_BLOCKED when either of the two blocked the other. */
export async function assertNotBlocked(db: Executor, a: string, b: string): Promise<void> {
  if (await isBlockedBetween(db, a, b)) throw blockedInteraction();
}

function toBlockedUser(row: repo.BlockedUserRow): BlockedUser {
  return {
    id: row.id,
    display_name: row.displayName,
    username: row.username,
    avatar_url: row.avatarUrl,
    blocked_at: row.blockedAt.toISOString(),
  };
}

const userNotFound = () => notFound(ErrorCode.USER_NOT_FOUND, profile.userNotFound);

/**
 * Their conversations' views change for both (no more input, "blocked" shown): the open apps of the
 * two refresh them when the transaction commits.
 */
async function announceToConversations(db: Executor, a: string, b: string): Promise<void> {
  for (const conversationId of await repo.conversationIdsBetween(db, a, b)) {
    await publishEvent(db, { type: 'conversation.updated', conversation_id: conversationId, user_ids: [a, b] });
  }
}

/**
 * POST /users/{id}/block: `created` false when it was already blocked (the call is idempotent).
 * Blocking oneself is a 400; an unknown or erased account a 404. The blocked person is not told.
 */
export async function blockUser(
  ctx: AppContext,
  user: UserRow,
  targetId: string,
): Promise<{ block: BlockedUser; created: boolean }> {
  if (targetId === user.id) throw badRequest(ErrorCode.BLOCK_SELF, trust.blockSelf);
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.findBlockableUser(tx, targetId))) throw userNotFound();
    const created = await repo.insertBlock(tx, user.id, targetId);
    if (created) await announceToConversations(tx, user.id, targetId);
    const row = await repo.findBlock(tx, user.id, targetId);
    if (!row) throw userNotFound();
    return { block: toBlockedUser(row), created };
  });
}

/**
 * DELETE /users/{id}/block: lifts the caller's own block (a block the other made stays). Idempotent:
 * 204 whether or not there was one; only an unknown account is a 404.
 */
export async function unblockUser(ctx: AppContext, user: UserRow, targetId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (await repo.deleteBlock(tx, user.id, targetId)) {
      await announceToConversations(tx, user.id, targetId);
      return;
    }
    if (targetId !== user.id && !(await repo.findBlockableUser(tx, targetId))) throw userNotFound();
  });
}

/** GET /users/me/blocks: the people the caller blocked, newest first; never who blocked the caller. */
export async function listMyBlocks(
  ctx: AppContext,
  user: UserRow,
  page: { skip: number; limit: number },
): Promise<BlockedUser[]> {
  return (await repo.listBlockedBy(ctx.db, user.id, page)).map(toBlockedUser);
}
