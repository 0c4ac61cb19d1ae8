import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPglite, wrapPglite, wrapPool, createPool } from '#server/db/client.ts';
import { databaseUrlFor, testDatabaseUrl } from './test-database.ts';

/** Migrates once per run; each test file then starts from a copy (STACK.md "PGlite in tests"). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templateFile = path.join(os.tmpdir(), `appui-pglite-template-${randomUUID()}.tar.gz`);
  project.provide('pgliteTemplateFile', templateFile);
  // One template per run: two runs at once (or two engineers) never drop each other's template.
  const PG_TEMPLATE_DATABASE = `appui_test_template_${randomUUID().slice(0, 8)}`;
  project.provide('pgTemplateDatabase', PG_TEMPLATE_DATABASE);
  const serverUrl = testDatabaseUrl();
  if (process.env.APPUI_TEST_DB === 'pg' && !serverUrl) {
    throw new Error(
      'TEST_DATABASE_URL is not set: npm run test:pg needs a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres',
    );
  }
  if (!serverUrl) {
    const client = await openPglite();
    await migrateDatabase(wrapPglite(client));
    const dump = await client.dumpDataDir('gzip');
    await writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
    await client.close();
    return async () => {
      await rm(templateFile, { force: true });
    };
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DATABASE}`);
  await admin.end();
  const handle = wrapPool(createPool(databaseUrlFor(serverUrl, PG_TEMPLATE_DATABASE), 1));
  await migrateDatabase(handle);
  await handle.close();
  return async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DATABASE} WITH (FORCE)`);
    await dropper.end();
  };
}
