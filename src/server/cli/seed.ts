// npm run seed: French demo data into an empty database (the server's DATA_DIR or DATABASE_URL).
import { seedDemoData } from '../seed/index.ts';
import { openCliContext } from './cli-context.ts';

async function main(): Promise<void> {
  // An explicit `npm run seed` is a request for demo data, whatever SEED_DEMO says.
  const ctx = await openCliContext((config) => ({ ...config, seedDemo: true }));
  if (ctx.config.env === 'production') {
    await ctx.database.close();
    console.error('Pas de données de démonstration en production. / No demo data with NODE_ENV=production.');
    process.exit(1);
  }
  try {
    const lines = await seedDemoData(ctx);
    if (lines.length === 0) {
      console.log(
        'La base contient déjà des utilisateurs : rien à faire. / The database already has users: nothing to do.',
      );
    } else {
      console.log('Données de démonstration créées. / Demo data created.');
      for (const line of lines) console.log(line);
    }
  } finally {
    await ctx.database.close();
  }
}

main().catch((error: unknown) => {
  console.error('Échec du chargement des données de démonstration / seeding failed:', error);
  process.exit(1);
});
