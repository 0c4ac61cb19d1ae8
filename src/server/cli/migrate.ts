// npm run db:migrate: applies pending migrations to the configured database (DATABASE_URL or PGlite
// in DATA_DIR) without starting the server. The server also migrates at start; this is for deploys
// that migrate once before starting several processes.
import { openCliContext } from './cli-context.ts';

async function main(): Promise<void> {
  const ctx = await openCliContext(); // opening the context applies the migrations
  await ctx.database.close();
  console.log(`Migrations appliquées (${ctx.database.kind}). / Migrations applied.`);
}

main().catch((error: unknown) => {
  console.error('Échec des migrations / migration failed:', error);
  process.exit(1);
});
