import type { Executor } from '../../db/client.ts';
import type { AdminAuditRow } from '../../db/schema/support.ts';
import { insertAuditEntry } from './admin.repository.ts';

// This service must not import the support or live-chat modules: they call recordAdminAction, and
// dependency-cruiser forbids module cycles. The admin statistics read their tables in admin.repository.ts.

export type AdminAuditInput = {
  adminId: string;
  /** What was done, e.g. 'offer.update', 'support.status', 'chat.close'. */
  action: string;
  /** The kind of row acted on, e.g. 'offer', 'support_message', 'chat_session'. */
  targetType: string;
  targetId: string;
  /** The changed fields before the action (JSON; nothing secret). */
  before?: unknown;
  /** The changed fields after the action (JSON; nothing secret). */
  after?: unknown;
};

/**
 * Writes one admin_audit row. Call it with the transaction that makes the change, so the action and
 * its audit row commit (or roll back) together.
 */
export async function recordAdminAction(db: Executor, entry: AdminAuditInput): Promise<AdminAuditRow> {
  return insertAuditEntry(db, {
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
