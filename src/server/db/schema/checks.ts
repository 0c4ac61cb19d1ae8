import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column IN ('a','b')` for a CHECK constraint or a partial index, from a list the app already uses
 * (roles, statuses, categories...): the database refuses exactly what the app would, and a list that
 * changes shows up in the next `db:generate`. The values are our own constants, never user input,
 * hence sql.raw; a quote in one would still be escaped.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} IN (${sql.raw(inList(values))})`;
}

/** `'a','b'`: the quoted list alone, for the partial index whose text must stay byte for byte the same. */
export function inList(values: readonly string[]): string {
  return values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',');
}
