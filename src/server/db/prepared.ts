import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

const dialect = new PgDialect();

/** Statement names by SQL text: the texts are few (one per shape of a query), hashing each call is not free. */
const statementNames = new Map<string, string>();

function statementName(prefix: string, text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs `query` as a named prepared statement: each connection of the PostgreSQL server parses it
 * once, and after five runs PostgreSQL keeps one plan for it when that plan is no worse than
 * planning anew (measured on the search statement: planning was half of its database time under
 * load). The name comes from the SQL text, so a text never meets another under the same name. Only
 * for statements whose text has a bounded number of shapes (every value a parameter). PGlite runs
 * it like any query.
 */
export async function executePrepared<Row>(db: Executor, prefix: string, query: SQL): Promise<Row[]> {
  const compiled = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery(compiled, undefined, statementName(prefix, compiled.sql), false);
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}
