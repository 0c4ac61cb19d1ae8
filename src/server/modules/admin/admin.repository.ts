import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { offers, pricingOptions } from '../../db/schema/offers.ts';
import { adminAudit, reports, supportMessages, type AdminAuditRow } from '../../db/schema/support.ts';
import { users } from '../../db/schema/users.ts';
import { estimatedRows } from '../../db/row-estimate.ts';
import { containsPattern } from '../../db/like-pattern.ts';

// The admin module reads other modules' tables here for its figures and lists: the support and
// live-chat modules call recordAdminAction, so the admin module may not import their services
// (no module cycles). Every write to an offer goes through the offers service.

type Rows<Row> = { rows: Row[] };
const rowsOf = <Row>(result: unknown) => (result as Rows<Row>).rows;
/** node-postgres hands bigint and numeric results over as text, PGlite as numbers. */
const int = (value: unknown) => Number(value ?? 0);

export async function insertAuditEntry(db: Executor, values: typeof adminAudit.$inferInsert): Promise<AdminAuditRow> {
  const [row] = await db.insert(adminAudit).values(values).returning();
  if (!row) throw new Error('admin audit row not inserted');
  return row;
}

export type AuditEntryWithAdmin = {
  entry: AdminAuditRow;
  admin: { displayName: string | null; username: string | null; firstName: string | null; lastName: string | null };
};

/** The latest audit rows, newest first (admin_audit_created_idx), with their admin's names. */
export async function listRecentAuditEntries(db: Executor, limit: number): Promise<AuditEntryWithAdmin[]> {
  const rows = await db
    .select({
      entry: adminAudit,
      displayName: users.displayName,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(adminAudit)
    .leftJoin(users, eq(users.id, adminAudit.adminId))
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(limit);
  return rows.map(({ entry, ...admin }) => ({ entry, admin }));
}

export type AdminCounts = {
  totalUsers: number;
  totalHelpers: number;
  totalHelpees: number;
  totalOffers: number;
  activeOffers: number;
  totalBookings: number;
  pendingReports: number;
};

/** Every figure of the dashboard counted from the rows, in one statement (one snapshot). */
export async function countEverything(db: Executor): Promise<AdminCounts> {
  const result = await db.execute(sql`
    SELECT
      (SELECT count(*) FROM ${users}) AS total_users,
      (SELECT count(*) FROM ${users} WHERE role = 'helper') AS total_helpers,
      (SELECT count(*) FROM ${users} WHERE role = 'helpee') AS total_helpees,
      (SELECT count(*) FROM ${offers} WHERE deleted_at IS NULL) AS total_offers,
      (SELECT count(*) FROM ${offers} WHERE deleted_at IS NULL AND visible) AS active_offers,
      (SELECT count(*) FROM ${bookings}) AS total_bookings,
      (SELECT count(*) FROM ${reports} WHERE status = 'pending') AS pending_reports`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  return {
    totalUsers: int(row?.total_users),
    totalHelpers: int(row?.total_helpers),
    totalHelpees: int(row?.total_helpees),
    totalOffers: int(row?.total_offers),
    activeOffers: int(row?.active_offers),
    totalBookings: int(row?.total_bookings),
    pendingReports: int(row?.pending_reports),
  };
}

/**
 * The dashboard's support overview: messages open, in progress, and still waiting (open or in
 * progress) with an urgent or high priority. support_messages_status_idx serves the status filter.
 */
export async function countSupportOverview(
  db: Executor,
): Promise<{ open: number; inProgress: number; highPriority: number }> {
  const result = await db.execute(sql`
    SELECT
      count(*) FILTER (WHERE status = 'open') AS open,
      count(*) FILTER (WHERE status = 'in_progress') AS in_progress,
      count(*) FILTER (WHERE priority IN ('urgent', 'high')) AS high_priority
    FROM ${supportMessages}
    WHERE status IN ('open', 'in_progress')`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  return { open: int(row?.open), inProgress: int(row?.in_progress), highPriority: int(row?.high_priority) };
}

// ---------------------------------------------------------------------------------------------
// The admin list of offers

export type AdminOfferRow = {
  id: string;
  helper_id: string;
  title: string;
  description: string;
  visible: boolean;
  created_at: string | Date;
  helper_display_name: string | null;
  helper_username: string | null;
  helper_first_name: string | null;
  helper_last_name: string | null;
  price_cents: number | string | null;
  duration_minutes: number | string | null;
};

/**
 * Which live offers the admin list shows: not deleted, hidden ones included; with a search, every
 * word must appear (accents and case ignored) in the offer's search text, which holds its title, its
 * description and its helper's display name and username (kept by the triggers of migration 0001)
 * and carries the trigram index offers_search_text_trgm_idx. Matching there, rather than rechecking
 * title and helper name apart, keeps a common word one index scan (measured on 100 000 offers: a
 * name in 6 % of them, 22 ms against 110-145 ms with the per-row recheck).
 */
function adminOfferCondition(words: readonly string[]): SQL {
  const conditions = [
    sql`o.deleted_at IS NULL`,
    ...words.map((word) => sql`o.search_text LIKE lower(appui_unaccent(${containsPattern(word)}))`),
  ];
  return sql.join(conditions, sql` AND `);
}

/**
 * One page of the admin list, newest first, with each offer's helper names and first pricing option.
 * The page's ids are found first (a MATERIALIZED CTE), so only those rows are joined.
 */
export async function listAdminOffers(
  db: Executor,
  params: { words: readonly string[]; skip: number; limit: number },
): Promise<AdminOfferRow[]> {
  const result = await db.execute(sql`
    WITH page AS MATERIALIZED (
      SELECT o.id, o.created_at FROM ${offers} o
      WHERE ${adminOfferCondition(params.words)}
      ORDER BY o.created_at DESC NULLS LAST, o.id DESC
      OFFSET ${params.skip} LIMIT ${params.limit}
    )
    ${adminOfferSelect}
    FROM page JOIN ${offers} o ON o.id = page.id ${adminOfferJoins}
    ORDER BY page.created_at DESC NULLS LAST, page.id DESC`);
  return rowsOf<AdminOfferRow>(result);
}

const adminOfferSelect = sql`
  SELECT o.id, o.helper_id, o.title, o.description, o.visible, o.created_at,
    u.display_name AS helper_display_name, u.username AS helper_username,
    u.first_name AS helper_first_name, u.last_name AS helper_last_name,
    p.price_cents, p.duration_minutes`;

const adminOfferJoins = sql`
  JOIN ${users} u ON u.id = o.helper_id
  LEFT JOIN LATERAL (
    SELECT po.price_cents, po.duration_minutes FROM ${pricingOptions} po
    WHERE po.offer_id = o.id ORDER BY po.position LIMIT 1
  ) p ON true`;

/** One live offer as the admin list shows it (after an edit or a toggle). */
export async function findAdminOffer(db: Executor, id: string): Promise<AdminOfferRow | undefined> {
  const result = await db.execute(sql`
    ${adminOfferSelect}
    FROM ${offers} o ${adminOfferJoins}
    WHERE o.id = ${id}::uuid AND o.deleted_at IS NULL`);
  return rowsOf<AdminOfferRow>(result)[0];
}

/**
 * How many offers the list holds, without counting past `cap`: an exact count up to the cap (a few
 * milliseconds, the count stops there), and above it the planner's estimate, which needs no scan.
 * Past the cap nobody pages to the end; they search. Returns the figure and whether it is exact.
 */
export async function countAdminOffers(
  db: Executor,
  words: readonly string[],
  cap: number,
): Promise<{ total: number; exact: boolean }> {
  const condition = adminOfferCondition(words);
  const result = await db.execute(
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${offers} o WHERE ${condition} LIMIT ${cap + 1}) capped`,
  );
  const counted = int(rowsOf<{ n: unknown }>(result)[0]?.n);
  if (counted <= cap) return { total: counted, exact: true };
  const estimate = await estimatedRows(db, sql`SELECT 1 FROM ${offers} o WHERE ${condition}`);
  // The estimate can be below what was just counted; never answer fewer than that.
  return { total: Math.max(counted, estimate), exact: false };
}
