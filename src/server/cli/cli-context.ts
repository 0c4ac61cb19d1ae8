import { pino } from 'pino';
import { createMailer } from '../adapters/mail/mailer.ts';
import { createPaymentProvider } from '../adapters/payments/create-provider.ts';
import type { AppContext } from '../app-types.ts';
import { ConfigError, loadConfig, type AppConfig } from '../config.ts';
import { DatabaseLockedError, migrateDatabase, openDatabase } from '../db/client.ts';

/**
 * The configured database for a command-line task (the same DATA_DIR / DATABASE_URL as the server),
 * migrated, wrapped in an AppContext so the tasks reuse the services. Prints a clear message and
 * exits for the two expected failures: bad configuration, and PGlite locked by a running server.
 */
export async function openCliContext(
  adjust: (config: AppConfig) => AppConfig = (config) => config,
): Promise<AppContext> {
  let config: AppConfig;
  try {
    config = adjust(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      poolSize: config.databasePoolSize,
      dataDir: config.dataDir,
    });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(
        [
          'Base de données embarquée occupée : le serveur Appui tourne sur ce même DATA_DIR.',
          'Arrêtez-le puis relancez cette commande (ou utilisez DATABASE_URL avec un serveur PostgreSQL).',
          `The embedded database is locked: ${error.message}`,
        ].join('\n'),
      );
      process.exit(1);
    }
    throw error;
  }
  await migrateDatabase(database);
  const log = pino({ level: 'warn' });
  // Command-line tasks take no payment: the simulator's events have no webhook handler to reach here.
  const noWebhookHandler = async () => {
    throw new Error('payment events are not handled by command-line tasks');
  };
  return {
    config,
    db: database.db,
    database,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log,
      logKey: config.jwtSecret,
    }),
    payments: createPaymentProvider(config, {
      db: database.db,
      deliver: noWebhookHandler,
      deliverLater: (task) => void task().catch((error: unknown) => log.error({ err: error }, 'payment event lost')),
    }),
    log,
  };
}
