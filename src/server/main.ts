import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { DatabaseLockedError } from './db/client.ts';
import { startJobs } from './jobs/index.ts';
import { runStartupTasks } from './startup.ts';

/** Process entry: configuration, app, data tasks, listen; graceful shutdown on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const lines = await runStartupTasks(app.ctx);
  const stopJobs = startJobs(app.ctx);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    stopJobs();
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s, exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests, then closes the database
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const banner = [
    '',
    `  Appui est prêt : ${config.publicUrl}`,
    `  API : ${config.publicUrl}/api/v1${config.openApiUi ? `   Documentation : ${config.publicUrl}/api/docs` : ''}`,
    `  Base de données : ${app.ctx.database.kind === 'pglite' ? `PGlite (${config.dataDir}/db)` : 'serveur PostgreSQL'}`,
    `  Courriels : ${app.ctx.mailer.destination}`,
    ...lines.map((line) => `  ${line}`),
    '',
  ];
  console.log(banner.join('\n'));
}

void main();
