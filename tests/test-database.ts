import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { createPool, openPglite, wrapPglite, wrapPool, type DatabaseHandle } from '#server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data dir (gzip dump) every test file starts from, written by the global setup. */
    pgliteTemplateFile: string;
    /** The migrated database on the PostgreSQL server that test databases are copied from (one per run). */
    pgTemplateDatabase: string;
  }
}

export function testDatabaseUrl(): string | undefined {
  return process.env.APPUI_TEST_DB === 'pg' ? process.env.TEST_DATABASE_URL : undefined;
}

export function databaseUrlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A fresh, migrated database for one test file: a PGlite restored from the template dump, or a new
 * database on the PostgreSQL server copied from the template database. Closing drops it.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    const dump = await readFile(inject('pgliteTemplateFile'));
    const client = await openPglite({ loadDataDir: new Blob([dump]) });
    const handle = wrapPglite(client);
    return { ...handle, close: () => client.close() };
  }
  const name = `appui_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDatabase')}`);
  } finally {
    await admin.end();
  }
  const handle = wrapPool(createPool(databaseUrlFor(serverUrl, name), 20));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
