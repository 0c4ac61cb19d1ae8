import { ADMIN_AUDIT_RECENT, ADMIN_OFFERS_EXACT_COUNT_CAP } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { offers as offerMessages } from '#shared/messages/offers.ts';
import type {
  AdminAuditEntry,
  AdminOffer,
  AdminOfferList,
  AdminOfferListQuery,
  AdminOfferUpdate,
  AdminOverview,
  AdminStats,
} from '#shared/schemas/admin.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor } from '../../db/client.ts';
import type { AdminAuditRow } from '../../db/schema/support.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { notFound } from '../../errors.ts';
import * as offersService from '../offers/offers.service.ts';
import * as repo from './admin.repository.ts';

// This service must not import the support or live-chat modules: they call recordAdminAction, and
// dependency-cruiser forbids module cycles. The admin figures read their tables in admin.repository.ts.
// The routes let only admins in (403 ADMIN_REQUIRED to anyone else signed in, 401 to a visitor).

// ---------------------------------------------------------------------------------------------
// Audit

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
  return repo.insertAuditEntry(db, {
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

function joinName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter((part) => part && part.trim() !== '').join(' ');
  return name === '' ? null : name;
}

function toAuditEntryDto({ entry, admin }: repo.AuditEntryWithAdmin): AdminAuditEntry {
  return {
    id: entry.id,
    admin_id: entry.adminId,
    admin_name: admin.displayName || joinName(admin.firstName, admin.lastName) || admin.username || null,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    created_at: entry.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Dashboard

/** GET /admin/stats: every figure counted from the rows (spec 2 section 3). */
export async function getStats(ctx: AppContext): Promise<AdminStats> {
  const counts = await repo.countEverything(ctx.db);
  return {
    total_users: counts.totalUsers,
    total_helpers: counts.totalHelpers,
    total_helpees: counts.totalHelpees,
    total_offers: counts.totalOffers,
    active_offers: counts.activeOffers,
    total_bookings: counts.totalBookings,
    pending_reports: counts.pendingReports,
  };
}

/** GET /admin/overview: the support overview and the latest admin actions (issue 12 section 3). */
export async function getOverview(ctx: AppContext): Promise<AdminOverview> {
  const [support, recent] = await Promise.all([
    repo.countSupportOverview(ctx.db),
    repo.listRecentAuditEntries(ctx.db, ADMIN_AUDIT_RECENT),
  ]);
  return {
    support: { open: support.open, in_progress: support.inProgress, high_priority: support.highPriority },
    recent_actions: recent.map(toAuditEntryDto),
  };
}

// ---------------------------------------------------------------------------------------------
// Offers (spec 2 sections 2, 3 and 6): the writes go through the offers service, which checks its
// own rules and calls back here, inside its transaction, to write the audit row.

function toAdminOfferDto(row: repo.AdminOfferRow): AdminOffer {
  return {
    id: row.id,
    helper_id: row.helper_id,
    helper: {
      display_name: row.helper_display_name,
      username: row.helper_username,
      full_name: joinName(row.helper_first_name, row.helper_last_name),
    },
    title: row.title,
    description: row.description,
    price_cents: Number(row.price_cents ?? 0),
    duration_minutes: Number(row.duration_minutes ?? 0),
    visible: row.visible,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The words of an admin search (at most a handful: the query is at most 100 characters). */
function searchWords(search: string | undefined): string[] {
  return (search ?? '').split(/\s+/).filter((word) => word !== '');
}

/** GET /admin/offers: live offers, hidden ones included, newest first; search on title and helper name. */
export async function listOffers(ctx: AppContext, query: AdminOfferListQuery): Promise<AdminOfferList> {
  const words = searchWords(query.search);
  const [rows, count] = await Promise.all([
    repo.listAdminOffers(ctx.db, { words, skip: query.skip, limit: query.limit }),
    repo.countAdminOffers(ctx.db, words, ADMIN_OFFERS_EXACT_COUNT_CAP),
  ]);
  return { items: rows.map(toAdminOfferDto), total: count.total, skip: query.skip, limit: query.limit };
}

async function loadAdminOffer(db: Executor, id: string): Promise<AdminOffer> {
  const row = await repo.findAdminOffer(db, id);
  if (!row) throw notFound(ErrorCode.OFFER_NOT_FOUND, offerMessages.notFound);
  return toAdminOfferDto(row);
}

const auditOffer =
  (admin: UserRow, id: string, action: string): offersService.ModerationAudit =>
  (tx, change) =>
    recordAdminAction(tx, { adminId: admin.id, action, targetType: 'offer', targetId: id, ...change }).then(
      () => undefined,
    );

/** PUT /admin/offers/{id}: title, description, and the first pricing option's price and duration. */
export async function updateOffer(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  input: AdminOfferUpdate,
): Promise<AdminOffer> {
  await offersService.moderateOfferFields(ctx, id, input, auditOffer(admin, id, 'offer.update'));
  return loadAdminOffer(ctx.db, id);
}

/** POST /admin/offers/{id}/toggle: visible ↔ hidden; audited as offer.hide or offer.show. */
export async function toggleOffer(ctx: AppContext, admin: UserRow, id: string): Promise<AdminOffer> {
  await offersService.toggleOfferVisibility(ctx, id, (tx, change) =>
    auditOffer(admin, id, change.after.visible ? 'offer.show' : 'offer.hide')(tx, change),
  );
  return loadAdminOffer(ctx.db, id);
}

/** DELETE /admin/offers/{id}: soft delete; refused while bookings are active (the helpers' rule). */
export async function deleteOffer(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  await offersService.moderateOfferDelete(ctx, id, auditOffer(admin, id, 'offer.delete'));
}
