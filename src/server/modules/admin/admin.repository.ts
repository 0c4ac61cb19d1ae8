import type { Executor } from '../../db/client.ts';
import { adminAudit, type AdminAuditRow } from '../../db/schema/support.ts';

export async function insertAuditEntry(db: Executor, values: typeof adminAudit.$inferInsert): Promise<AdminAuditRow> {
  const [row] = await db.insert(adminAudit).values(values).returning();
  if (!row) throw new Error('admin audit row not inserted');
  return row;
}
